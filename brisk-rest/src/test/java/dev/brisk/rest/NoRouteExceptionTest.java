package dev.brisk.rest;

import dev.brisk.codec.CodecException;
import dev.brisk.codec.MediaType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.send;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Routing failures are thrown as {@link NoRouteException} through the filters and to the exception handlers; a
 * Content-Type the handler set is kept; a malformed body's {@link HttpStatusException} keeps the codec's failure.
 */
class NoRouteExceptionTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void filtersSeeWhyNoRouteTookTheRequestAndTheProblemStands() throws Exception {
        List<NoRouteException> seen = new CopyOnWriteArrayList<>();
        server = server()
                .filter((ctx, chain) -> {
                    try {
                        chain.proceed(ctx);
                    } catch (NoRouteException e) {
                        seen.add(e);
                        throw e;
                    }
                })
                .route(Route.post("/items").consumes("application/json").handler(ctx -> ctx.send("ok")))
                .route(Route.get("/items").produces("text/csv").handler(ctx -> ctx.send("a,b")))
                .route(Route.get("/search").params("q").handler(ctx -> ctx.send("found")))
                .start();
        HttpResponse<String> path = get(server, "/nothing");
        HttpResponse<String> method = send(server, "DELETE", "/items", null);
        HttpResponse<String> contentType = send(server, "POST", "/items", "x", "content-type", "text/plain");
        HttpResponse<String> accept = get(server, "/items", "accept", "image/png");
        HttpResponse<String> conditions = get(server, "/search");
        assertThat(List.of(path, method, contentType, accept, conditions)).extracting(HttpResponse::statusCode)
                .containsExactly(404, 405, 415, 406, 400);
        assertThat(method.headers().firstValue("allow")).hasValue("POST, GET, HEAD, OPTIONS");
        assertThat(path.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(seen).extracting(NoRouteException::reason).containsExactly(NoRouteException.Reason.PATH,
                NoRouteException.Reason.METHOD, NoRouteException.Reason.CONTENT_TYPE, NoRouteException.Reason.ACCEPT,
                NoRouteException.Reason.CONDITIONS);
        assertThat(seen.get(1).allowedMethods()).containsExactly("POST", "GET", "HEAD", "OPTIONS");
        assertThat(seen.get(2).mediaTypes()).containsExactly(MediaType.APPLICATION_JSON);
        assertThat(seen.get(3).mediaTypes()).containsExactly(MediaType.parse("text/csv"));
        assertThat(seen.get(0).mediaTypes()).isEmpty();
        assertThat(send(server, "OPTIONS", "/items", null).statusCode()).isEqualTo(200);
    }

    @Test
    void exceptionHandlersMayAnswerRoutingFailures() throws Exception {
        server = server()
                .get("/known", ctx -> ctx.send("known"))
                .exceptionHandler(NoRouteException.class, (ctx, e) -> ctx.status(e.status())
                        .send("no such thing (" + e.reason() + ")"))
                .start();
        HttpResponse<String> response = get(server, "/unknown");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("no such thing (PATH)");
    }

    @Test
    void aContentTypeTheHandlerSetIsUsedWhenACodecWritesIt() throws Exception {
        server = server()
                .get("/problem", ctx -> ctx.send(ResponseEntity.status(409)
                        .header("content-type", "application/problem+json").body(Map.of("title", "Conflict"))))
                .get("/unwritable", ctx -> ctx.send(ResponseEntity.status(200)
                        .header("content-type", "image/png").body(Map.of("a", 1))))
                .start();
        HttpResponse<String> problem = get(server, "/problem", "accept", "application/json");
        assertThat(problem.statusCode()).isEqualTo(409);
        assertThat(problem.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(problem.body()).isEqualTo("{\"title\":\"Conflict\"}");
        HttpResponse<String> negotiated = get(server, "/unwritable");
        assertThat(negotiated.headers().firstValue("content-type")).hasValue("application/json");
    }

    @Test
    void aMalformedBodyKeepsTheCodecsFailureAsCause() throws Exception {
        List<Throwable> causes = new CopyOnWriteArrayList<>();
        server = server()
                .post("/users", ctx -> ctx.send(ctx.body(Map.class)))
                .exceptionHandler(HttpStatusException.class, (ctx, e) -> {
                    causes.add(e.getCause());
                    throw e;
                })
                .start();
        HttpResponse<String> response = send(server, "POST", "/users", "{\"id\":", "content-type",
                "application/json");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(causes).singleElement().isInstanceOf(CodecException.class);
    }
}
