package dev.brisk.rest;

import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.netty.handler.codec.http.HttpMethod;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.concurrent.CopyOnWriteArrayList;
import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.send;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/** Results, bodies, filters and exception handling over real sockets. */
class PipelineTest {

    public record User(long id, String name) {
    }

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        timer.shutdownNow();
    }

    @Test
    void filtersRerouteBeforeRoutingAndHandlersSeeTheRoutedPath() throws Exception {
        server = server()
                .options(o -> o.contextPath("/api"))
                .filter((ctx, chain) -> {
                    if (ctx.header("x-http-method-override").isPresent()) {
                        ctx.reroute(HttpMethod.valueOf(
                                ctx.header("x-http-method-override").get()), "/things;v=2/7");
                    }
                    chain.proceed(ctx);
                })
                .get("/things/{id}", ctx -> ctx.send("get " + ctx.pathParam("id") + " at " + ctx.routePath()))
                .delete("/things/{id}", ctx -> ctx.send("deleted " + ctx.pathParam("id") + " "
                        + ctx.matrixParams("id").isEmpty() + " " + ctx.matrixParams()))
                .routeFilter((ctx, chain) -> {
                    try {
                        ctx.reroute(HttpMethod.GET, "/elsewhere");
                    } catch (IllegalStateException expected) {
                        ctx.header("x-late-reroute", "refused");
                    }
                    chain.proceed(ctx);
                })
                .start();
        HttpResponse<String> plain = get(server, "/api/things/3");
        assertThat(plain.body()).isEqualTo("get 3 at /things/3");
        assertThat(plain.headers().firstValue("x-late-reroute")).hasValue("refused");
        HttpRequest override = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/api/things/3"))
                .header("x-http-method-override", "DELETE").POST(HttpRequest.BodyPublishers.noBody())
                .build();
        HttpResponse<String> deleted = HttpClient.newHttpClient().send(override,
                HttpResponse.BodyHandlers.ofString());
        assertThat(deleted.body()).isEqualTo("deleted 7 true {v=[2]}");
    }

    @Test
    void resultsOfEveryKind() throws Exception {
        server = server()
                .get("/object", ctx -> ctx.send(new User(7, "Ada")))
                .get("/bytes", ctx -> ctx.send("raw".getBytes(StandardCharsets.US_ASCII)))
                .get("/buf", ctx -> ctx.send(Unpooled.copiedBuffer("buf", StandardCharsets.US_ASCII)))
                .get("/entity", ctx -> ctx.send(ResponseEntity.status(201).header("location", "/users/7")
                        .body(new User(7, "Ada"))))
                .get("/empty", ctx -> ctx.send(Optional.empty()))
                .get("/future", ctx -> ctx.send(CompletableFuture.supplyAsync(() -> new User(1, "later"))))
                .get("/void", ctx -> { })
                .get("/later", ctx -> {
                    ctx.async();
                    timer.schedule(() -> ctx.send("done later"), 50, TimeUnit.MILLISECONDS);
                })
                .start();
        HttpResponse<String> object = get(server, "/object");
        assertThat(object.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(object.body()).isEqualTo("{\"id\":7,\"name\":\"Ada\"}");
        assertThat(get(server, "/bytes").headers().firstValue("content-type")).hasValue("application/octet-stream");
        assertThat(get(server, "/buf").body()).isEqualTo("buf");
        HttpResponse<String> entity = get(server, "/entity");
        assertThat(entity.statusCode()).isEqualTo(201);
        assertThat(entity.headers().firstValue("location")).hasValue("/users/7");
        assertThat(get(server, "/empty").statusCode()).isEqualTo(404);
        assertThat(get(server, "/future").body()).isEqualTo("{\"id\":1,\"name\":\"later\"}");
        HttpResponse<String> none = get(server, "/void");
        assertThat(none.statusCode()).isEqualTo(200);
        assertThat(none.body()).isEmpty();
        assertThat(get(server, "/later").body()).isEqualTo("done later");
    }

    @Test
    void theFirstJsonAnswersOfAFreshServerComeOutRightWhenTheyArriveTogether() throws Exception {
        // the default JSON codec builds its mapper on the first body it writes: here on several event loops at once
        server = server().http(http -> http.options(o -> o.ioThreads(4)))
                .get("/users/{id}", ctx -> ctx.send(new User(Long.parseLong(ctx.pathParam("id")), "u")))
                .start();
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1).build();
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            answers.add(client.sendAsync(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/users/" + i)).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        for (int i = 0; i < 8; i++) {
            HttpResponse<String> answer = answers.get(i).get(10, TimeUnit.SECONDS);
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(answer.body()).isEqualTo("{\"id\":" + i + ",\"name\":\"u\"}");
        }
    }

    @Test
    void negotiationFollowsAcceptAndFormatParameter() throws Exception {
        server = server().get("/user", ctx -> ctx.send(new User(1, "a"))).start();
        assertThat(get(server, "/user", "accept", "text/html, application/json;q=0.5").headers()
                .firstValue("content-type")).hasValue("application/json");
        HttpResponse<String> refused = get(server, "/user", "accept", "image/png");
        assertThat(refused.statusCode()).isEqualTo(406);
        assertThat(refused.body()).contains("application/json");
        assertThat(get(server, "/user?format=json", "accept", "image/png").statusCode()).isEqualTo(200);
    }

    @Test
    void requestBodiesAreDecodedByContentType() throws Exception {
        server = server()
                .post("/users", ctx -> ctx.status(201).send(ctx.body(User.class)))
                .post("/text", ctx -> ctx.send(ctx.body(String.class).toUpperCase()))
                .start();
        HttpResponse<String> created = send(server, "POST", "/users", "{\"id\":3,\"name\":\"Bo\"}",
                "content-type", "application/json");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.body()).isEqualTo("{\"id\":3,\"name\":\"Bo\"}");
        HttpResponse<String> malformed = send(server, "POST", "/users", "{\"id\":", "content-type",
                "application/json");
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(malformed.body()).contains("malformed JSON");
        assertThat(send(server, "POST", "/users", "<user/>", "content-type", "application/xml").statusCode())
                .isEqualTo(415);
        assertThat(send(server, "POST", "/text", "shout", "content-type", "text/plain").body()).isEqualTo("SHOUT");
    }

    @Test
    void filtersRunBeforeAndAfterRoutingAndMayAnswerOrProceedLater() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        server = server()
                .filter((ctx, chain) -> {
                    seen.add("pre " + ctx.request().path());
                    if (ctx.header("x-block").isPresent()) {
                        ctx.status(403).send("blocked");
                        return;
                    }
                    if (ctx.header("x-slow").isPresent()) {
                        timer.schedule(() -> {
                            try {
                                chain.proceed(ctx);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        }, 20, TimeUnit.MILLISECONDS);
                        return;
                    }
                    chain.proceed(ctx);
                })
                .routeFilter((ctx, chain) -> {
                    seen.add("route " + ctx.route().path());
                    ctx.header("x-route", ctx.route().path());
                    chain.proceed(ctx);
                })
                .get("/items/{id}", ctx -> ctx.send("item " + ctx.pathParam("id")))
                .start();
        HttpResponse<String> ok = get(server, "/items/1");
        assertThat(ok.body()).isEqualTo("item 1");
        assertThat(ok.headers().firstValue("x-route")).hasValue("/items/{id}");
        assertThat(get(server, "/items/2", "x-block", "1").statusCode()).isEqualTo(403);
        assertThat(get(server, "/items/3", "x-slow", "1").body()).isEqualTo("item 3");
        assertThat(seen).containsExactly("pre /items/1", "route /items/{id}", "pre /items/2", "pre /items/3",
                "route /items/{id}");
    }

    static class NotFound extends RuntimeException {
        NotFound(String message) {
            super(message);
        }
    }

    static class UserNotFound extends NotFound {
        UserNotFound(String message) {
            super(message);
        }
    }

    @Test
    void mostSpecificExceptionHandlerWinsAndOthersBecomeProblems() throws Exception {
        server = server()
                .exceptionHandler(NotFound.class, (ctx, e) -> ctx.status(404).send("generic: " + e.getMessage()))
                .exceptionHandler(UserNotFound.class, (ctx, e) -> ctx.status(404).send("user: " + e.getMessage()))
                .get("/user", ctx -> {
                    throw new UserNotFound("u1");
                })
                .get("/thing", ctx -> {
                    throw new NotFound("t1");
                })
                .get("/status", ctx -> {
                    throw new HttpStatusException(409, "already exists");
                })
                .get("/bug", ctx -> {
                    throw new IllegalStateException("secret internals");
                })
                .get("/async-bug", ctx -> ctx.send(CompletableFuture.failedFuture(new UserNotFound("u2"))))
                .start();
        assertThat(get(server, "/user").body()).isEqualTo("user: u1");
        assertThat(get(server, "/thing").body()).isEqualTo("generic: t1");
        assertThat(get(server, "/async-bug").body()).isEqualTo("user: u2");
        HttpResponse<String> conflict = get(server, "/status");
        assertThat(conflict.statusCode()).isEqualTo(409);
        assertThat(conflict.body()).contains("\"detail\":\"already exists\"").contains("\"title\":\"Conflict\"");
        HttpResponse<String> bug = get(server, "/bug");
        assertThat(bug.statusCode()).isEqualTo(500);
        assertThat(bug.body()).doesNotContain("secret");
    }
}
