package dev.brisk.rest;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link dev.brisk.rest.feature.FeatureContext#onStart}: code that runs with the started server, its routes known. */
class StartListenerTest {

    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void listenersRunInOrderWithTheListeningServerAndItsRoutes() throws Exception {
        List<String> seen = new ArrayList<>();
        server = server().get("/a", ctx -> ctx.send("a"))
                .feature(f -> f.onStart(s -> s.routes().forEach(r -> seen.add(r.method() + " " + r.path()))))
                .feature(f -> f.onStart(s -> {
                    seen.add("port " + (s.port() > 0));
                    s.addRoute(Route.get("/added").handler(ctx -> ctx.send("added")));
                }))
                .start();
        assertThat(seen).containsExactly("GET /a", "port true");
        assertThat(get(server, "/added").body()).isEqualTo("added");
    }

    @Test
    void aFailingListenerFailsStartAndClosesTheServer() {
        AtomicInteger port = new AtomicInteger();
        assertThatThrownBy(() -> server().get("/a", ctx -> ctx.send("a"))
                .feature(f -> f.onStart(s -> port.set(s.port())))
                .feature(f -> f.onStart(s -> {
                    throw new IllegalStateException("no document");
                }))
                .start())
                .isInstanceOf(IllegalStateException.class).hasMessage("no document");
        assertThat(port.get()).isPositive();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port.get() + "/a")).build();
        assertThatThrownBy(() -> HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(ConnectException.class);
    }
}
