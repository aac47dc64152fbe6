package dev.brisk.client;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.handler.codec.http.HttpMethod;
import static org.assertj.core.api.Assertions.assertThat;

/** Redirect rules: method and body per status, limits, loops, relative locations, cross-origin header stripping. */
class RedirectsTest extends ClientTestSupport {

    private final List<String> seen = new CopyOnWriteArrayList<>();

    /** {@code /r/<status>/<target path>} redirects; anything else echoes method, body and auth headers. */
    private void handle(ServerRequest request) {
        seen.add(request.method() + " " + request.uri());
        String path = request.path();
        if (path.startsWith("/r/")) {
            String rest = path.substring(3);
            int slash = rest.indexOf('/');
            request.response().status(Integer.parseInt(rest.substring(0, slash)))
                    .header("Location", rest.substring(slash)).send();
            return;
        }
        switch (path) {
            case "/loop" -> request.response().status(302).header("Location", "/loop").send();
            case "/ping" -> request.response().status(302).header("Location", "/pong").send();
            case "/pong" -> request.response().status(302).header("Location", "/ping").send();
            case "/relative/a/b" -> request.response().status(301).header("Location", "../c?x=1").send();
            case "/no-location" -> request.response().status(302).send("stay");
            default -> request.response().send(request.method() + " " + request.uri() + " body=" + request.bodyAsString()
                    + " type=" + request.headers().get("content-type", "-")
                    + " auth=" + request.headers().get("authorization", "-")
                    + " cookie=" + request.headers().get("cookie", "-"));
        }
    }

    @ParameterizedTest
    @CsvSource({
            "301, GET,  GET /target body= type=-",
            "302, GET,  GET /target body= type=-",
            "303, GET,  GET /target body= type=-",
            "307, GET,  GET /target body= type=-",
            "308, GET,  GET /target body= type=-",
            "301, POST, GET /target body= type=-",
            "302, POST, GET /target body= type=-",
            "303, POST, GET /target body= type=-",
            "307, POST, POST /target body=payload type=text/plain; charset=utf-8",
            "308, POST, POST /target body=payload type=text/plain; charset=utf-8",
            "303, PUT,  GET /target body= type=-",
            "302, PUT,  PUT /target body=payload type=text/plain; charset=utf-8",
            "307, PUT,  PUT /target body=payload type=text/plain; charset=utf-8",
    })
    void methodAndBodyFollowTheStatus(int status, String method, String expected) {
        HttpServer server = server(this::handle);
        RequestBuilder request = client().request(HttpMethod.valueOf(method),
                url(server, "/r/" + status + "/target"));
        if (!method.equals("GET")) {
            request.body("payload");
        }
        HttpResponse response = request.send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyAsString()).startsWith(expected);
        assertThat(response.uri().getPath()).isEqualTo("/target");
        assertThat(seen).hasSize(2);
    }

    @Test
    void chainsAreFollowedUpToTheLimit() {
        HttpServer server = server(this::handle);
        String chain = "/r/301/r/302/r/303/r/307/r/308/end";
        assertThat(client().get(url(server, chain)).send().bodyAsString()).startsWith("GET /end");

        Throwable failure = failure(client().get(url(server, "/r/301/r/301/r/301/r/301/r/301/r/301/end"))
                .execute());
        assertThat(failure).isInstanceOf(TooManyRedirectsException.class).hasMessageContaining("more than 5");
        assertThat(((RedirectException) failure).chain()).hasSize(7);
        assertThat(failure(client().get(url(server, "/r/301/r/301/end")).maxRedirects(1).execute()))
                .isInstanceOf(TooManyRedirectsException.class);
    }

    @Test
    void loopsAreDetected() {
        HttpServer server = server(this::handle);

        assertThat(failure(client().get(url(server, "/loop")).execute())).isInstanceOf(RedirectLoopException.class)
                .hasMessageContaining("/loop");
        assertThat(failure(client().get(url(server, "/ping")).execute())).isInstanceOf(RedirectLoopException.class);
        assertThat(seen).hasSize(3);
    }

    @Test
    void relativeLocationsResolveAgainstTheRequest() {
        HttpServer server = server(this::handle);
        assertThat(client().get(url(server, "/relative/a/b")).send().bodyAsString()).startsWith("GET /relative/c?x=1");
    }

    @Test
    void redirectsCanBeTurnedOff() {
        HttpServer server = server(this::handle);
        HttpResponse response = client(clientBuilder().options(o -> o.followRedirects(false)))
                .get(url(server, "/r/302/target")).send();
        assertThat(response.status()).isEqualTo(302);
        assertThat(response.header("location")).contains("/target");

        HttpResponse perRequest = client().get(url(server, "/r/307/target")).followRedirects(false).send();
        assertThat(perRequest.status()).isEqualTo(307);
    }

    @Test
    void redirectWithoutLocationIsReturnedAsIs() {
        HttpServer server = server(this::handle);
        HttpResponse response = client().get(url(server, "/no-location")).send();
        assertThat(response.status()).isEqualTo(302);
        assertThat(response.bodyAsString()).isEqualTo("stay");
    }

    @Test
    void streamedBodyIsNotReplayedFor307() {
        HttpServer server = server(this::handle);
        HttpResponse response = client().post(url(server, "/r/307/target"))
                .body(new ByteArrayInputStream("once".getBytes(StandardCharsets.UTF_8))).send();
        assertThat(response.status()).isEqualTo(307);
        assertThat(seen).hasSize(1);
    }

    @Test
    void crossOriginRedirectDropsCredentials() {
        HttpServer other = server(this::handle);
        HttpServer origin = server(request -> request.response().status(302)
                .header("Location", url(other, "/landing")).send());
        HttpResponse response = client().get(url(origin, "/start")).header("Authorization", "Bearer secret")
                .cookie("session", "s1").header("X-Keep", "k").send();

        assertThat(response.bodyAsString()).startsWith("GET /landing").contains("auth=-").contains("cookie=-");
        assertThat(response.uri().getPort()).isEqualTo(other.port());
    }

    @Test
    void sameOriginRedirectKeepsCredentials() {
        HttpServer server = server(this::handle);
        HttpResponse response = client().get(url(server, "/r/302/landing")).header("Authorization", "Bearer secret")
                .cookie("session", "s1").send();

        assertThat(response.bodyAsString()).contains("auth=Bearer secret").contains("cookie=session=s1");
    }
}
