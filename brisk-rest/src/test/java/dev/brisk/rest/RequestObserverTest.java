package dev.brisk.rest;

import dev.brisk.rest.internal.RestServer;
import dev.brisk.rest.observe.CompletedRequest;
import dev.brisk.rest.observe.RequestObserver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/** Request observers: what they are told of each request, and the server's start and stop. */
class RequestObserverTest {

    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    /** Collects what it is told. */
    private static final class Recorder implements RequestObserver {
        final BlockingQueue<CompletedRequest> completed = new LinkedBlockingQueue<>();
        final List<String> lifecycle = new CopyOnWriteArrayList<>();

        @Override
        public void completed(CompletedRequest request) {
            completed.add(request);
        }

        @Override
        public void started(BriskServer server) {
            lifecycle.add("started " + server.port());
        }

        @Override
        public void stopped(BriskServer server) {
            lifecycle.add("stopped " + server.port());
        }

        CompletedRequest next() throws InterruptedException {
            CompletedRequest request = completed.poll(10, TimeUnit.SECONDS);
            assertThat(request).as("a completed request").isNotNull();
            return request;
        }
    }

    @Test
    void toldTheRouteTemplateMethodAndStatusOfEachRequest() throws Exception {
        Recorder recorder = new Recorder();
        server = server().observability(o -> o.observer(recorder))
                .get("/users/{id}", ctx -> ctx.send("user " + ctx.pathParam("id")))
                .route(Route.post("/users").scheduler(Schedulers.WORKER).handler(ctx -> ctx.status(201).send("made")))
                .start();

        assertThat(get(server, "/users/7").body()).isEqualTo("user 7");
        CompletedRequest first = recorder.next();
        assertThat(first.route()).map(RouteInfo::path).contains("/users/{id}");
        assertThat(first.method()).isEqualTo("GET");
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.durationNanos()).isNotNegative();
        assertThat(first.error()).isEmpty();
        assertThat(first.context().request().path()).isEqualTo("/users/7");

        assertThat(RestTestSupport.send(server, "POST", "/users", "x").statusCode()).isEqualTo(201);
        CompletedRequest second = recorder.next();
        assertThat(second.route()).map(RouteInfo::path).contains("/users");
        assertThat(second.method()).isEqualTo("POST");
        assertThat(second.status()).isEqualTo(201);
    }

    @Test
    void toldOfRequestsNoRouteTookAndOfFailures() throws Exception {
        Recorder recorder = new Recorder();
        IllegalStateException boom = new IllegalStateException("boom");
        server = server().observability(o -> o.observer(recorder))
                .get("/fail", ctx -> {
                    throw boom;
                })
                .get("/only-get", ctx -> ctx.send("ok"))
                .start();

        assertThat(get(server, "/missing").statusCode()).isEqualTo(404);
        CompletedRequest missing = recorder.next();
        assertThat(missing.route()).isEmpty();
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.error()).isEmpty();

        assertThat(RestTestSupport.send(server, "DELETE", "/only-get", null).statusCode()).isEqualTo(405);
        CompletedRequest notAllowed = recorder.next();
        assertThat(notAllowed.route()).isEmpty();
        assertThat(notAllowed.status()).isEqualTo(405);
        assertThat(notAllowed.method()).isEqualTo("DELETE");

        assertThat(get(server, "/fail").statusCode()).isEqualTo(500);
        CompletedRequest failed = recorder.next();
        assertThat(failed.route()).map(RouteInfo::path).contains("/fail");
        assertThat(failed.status()).isEqualTo(500);
        assertThat(failed.error()).containsSame(boom);
    }

    @Test
    void toldOfTheServersStartAndStop() throws Exception {
        Recorder recorder = new Recorder();
        server = server().observability(o -> o.observer(recorder)).get("/", ctx -> ctx.send("ok")).start();
        int port = server.port();
        assertThat(recorder.lifecycle).containsExactly("started " + port);
        server.close();
        server = null;
        assertThat(recorder.lifecycle).containsExactly("started " + port, "stopped " + port);
    }

    @Test
    void everyObserverIsToldEvenWhenOneFails() throws Exception {
        Recorder recorder = new Recorder();
        RequestObserver failing = request -> {
            throw new IllegalStateException("observer broke");
        };
        server = server().observability(o -> o.observer(failing).observer(recorder)).get("/", ctx -> ctx.send("ok"))
                .start();

        HttpResponse<String> response = get(server, "/");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ok");
        assertThat(recorder.next().status()).isEqualTo(200);
        assertThat(get(server, "/").body()).isEqualTo("ok");
        assertThat(recorder.next().status()).isEqualTo(200);
    }

    @Test
    void aServerWithoutObserversDoesNotObserveRequests() throws Exception {
        server = server().get("/", ctx -> ctx.send("ok")).start();
        assertThat(((RestServer) server.handler()).observed()).isFalse();
        assertThat(get(server, "/").body()).isEqualTo("ok");
        server.close();

        server = server().observability(o -> o.observer(request -> { })).get("/", ctx -> ctx.send("ok")).start();
        assertThat(((RestServer) server.handler()).observed()).isTrue();
    }
}
