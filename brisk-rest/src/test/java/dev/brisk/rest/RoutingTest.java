package dev.brisk.rest;

import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.send;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Routing over real sockets: templates, precedence, 404/405, HEAD/OPTIONS, conditions, optional trailing slashes,
 * context path, changes.
 */
class RoutingTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void templatesCaptureAndDecodeVariables() throws Exception {
        server = server()
                .get("/users/{id}", ctx -> ctx.send("user " + ctx.pathParam("id")))
                .get("/users/{id}/posts/{post}", ctx -> ctx.send(ctx.pathParams().toString()))
                .get("/items/{id:\\d+}", ctx -> ctx.send("item " + ctx.pathParam("id")))
                .get("/files/{*rest}", ctx -> ctx.send("file " + ctx.pathParam("rest")))
                .get("/any/*/end", ctx -> ctx.send("wildcard"))
                .start();
        assertThat(get(server, "/users/a%20b").body()).isEqualTo("user a b");
        assertThat(get(server, "/users/7/posts/9").body()).isEqualTo("{id=7, post=9}");
        assertThat(get(server, "/items/42").body()).isEqualTo("item 42");
        assertThat(get(server, "/items/abc").statusCode()).isEqualTo(404);
        assertThat(get(server, "/files/a/b/c.txt").body()).isEqualTo("file a/b/c.txt");
        assertThat(get(server, "/any/thing/end").body()).isEqualTo("wildcard");
    }

    @Test
    void staticBeatsParamBeatsRegexBeatsCatchAll() throws Exception {
        server = server()
                .get("/p/new", ctx -> ctx.send("static"))
                .get("/p/{name}", ctx -> ctx.send("param"))
                .get("/p/{name}/x", ctx -> ctx.send("param-x"))
                .get("/p/{id:\\d+}/y", ctx -> ctx.send("regex-y"))
                .get("/p/**", ctx -> ctx.send("catch-all"))
                .start();
        assertThat(get(server, "/p/new").body()).isEqualTo("static");
        assertThat(get(server, "/p/other").body()).isEqualTo("param");
        assertThat(get(server, "/p/1/x").body()).isEqualTo("param-x");
        assertThat(get(server, "/p/1/y").body()).isEqualTo("regex-y");
        assertThat(get(server, "/p/a/b/c").body()).isEqualTo("catch-all");
    }

    @Test
    void unknownPathIs404ProblemAndWrongMethodIs405WithAllow() throws Exception {
        server = server().get("/thing", ctx -> ctx.send("x")).post("/thing", ctx -> ctx.send("y")).start();
        HttpResponse<String> missing = get(server, "/nothing");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(missing.body()).contains("\"status\":404").contains("\"instance\":\"/nothing\"");
        HttpResponse<String> wrong = send(server, "DELETE", "/thing", null);
        assertThat(wrong.statusCode()).isEqualTo(405);
        assertThat(wrong.headers().firstValue("allow")).hasValue("GET, HEAD, POST, OPTIONS");
    }

    @Test
    void headAndOptionsAreAutomatic() throws Exception {
        server = server().get("/thing", ctx -> ctx.send("twelve bytes")).start();
        HttpResponse<String> head = send(server, "HEAD", "/thing", null);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("content-length")).hasValue("12");
        assertThat(head.body()).isEmpty();
        HttpResponse<String> options = send(server, "OPTIONS", "/thing", null);
        assertThat(options.statusCode()).isEqualTo(200);
        assertThat(options.headers().firstValue("allow")).hasValue("GET, HEAD, OPTIONS");
    }

    @Test
    void optionsAsteriskAsksAboutTheServerAndListsEveryRoutedMethod() throws Exception {
        // with a context path too: "*" is no path inside or outside it
        server = server().options(o -> o.contextPath("/app")).get("/a", ctx -> ctx.send("a")).post("/b", ctx -> ctx.send("b"))
                .delete("/c/{id}", ctx -> ctx.send("c")).start();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(answer).startsWith("HTTP/1.1 200 ")
                    .containsIgnoringCase("allow: DELETE, GET, HEAD, OPTIONS, POST\r\n")
                    .containsIgnoringCase("content-length: 0\r\n");
        }
        // "*" is no path: other methods are refused as before
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(answer).startsWith("HTTP/1.1 4");
        }
    }

    @Test
    void aRouteWithAnOptionalTrailingSlashTakesItWhenNoRouteMatchesExactly() throws Exception {
        server = server()
                .route(Route.get("/lenient/{id}").trailingSlashOptional(true)
                        .handler(ctx -> ctx.send("lenient " + ctx.pathParam("id"))))
                .route(Route.get("/lenient/7/").handler(ctx -> ctx.send("exact")))
                .get("/strict", ctx -> ctx.send("strict"))
                .start();
        assertThat(get(server, "/lenient/3/").body()).isEqualTo("lenient 3");
        assertThat(get(server, "/lenient/7/").body()).isEqualTo("exact");
        assertThat(get(server, "/lenient/3//").statusCode()).isEqualTo(404);
        HttpResponse<String> wrong = send(server, "DELETE", "/lenient/3/", null);
        assertThat(wrong.statusCode()).isEqualTo(405);
        assertThat(wrong.headers().firstValue("allow")).hasValue("GET, HEAD, OPTIONS");
        assertThat(get(server, "/strict/").statusCode()).isEqualTo(404);
    }

    @Test
    void aRouteMayTakeARequestWithoutContentTypeForItsConsumesCondition() throws Exception {
        server = server()
                .route(Route.post("/typed").consumes("text/plain").acceptsMissingContentType(true)
                        .handler(ctx -> ctx.send("typed")))
                .route(Route.post("/strict").consumes("text/plain").handler(ctx -> ctx.send("strict")))
                .start();
        assertThat(send(server, "POST", "/typed", "x").body()).isEqualTo("typed");
        assertThat(send(server, "POST", "/typed", "{}", "content-type", "application/json").statusCode())
                .isEqualTo(415);
        assertThat(send(server, "POST", "/strict", "x").statusCode()).isEqualTo(415);
    }

    @Test
    void conditionsSelectAmongRoutesOrAnswer400_415_406() throws Exception {
        server = server()
                .route(Route.get("/c").params("v=2").handler(ctx -> ctx.send("v2")))
                .route(Route.get("/c").handler(ctx -> ctx.send("default")))
                .route(Route.post("/json").consumes("application/json").handler(ctx -> ctx.send("json in")))
                .route(Route.get("/xml").produces("application/xml").handler(ctx -> ctx.send("<x/>")))
                .route(Route.get("/h").headers("x-key").handler(ctx -> ctx.send("keyed")))
                .start();
        assertThat(get(server, "/c?v=2").body()).isEqualTo("v2");
        assertThat(get(server, "/c?v=3").body()).isEqualTo("default");
        assertThat(send(server, "POST", "/json", "{}", "content-type", "application/json").body())
                .isEqualTo("json in");
        assertThat(send(server, "POST", "/json", "x", "content-type", "text/plain").statusCode()).isEqualTo(415);
        assertThat(get(server, "/xml", "accept", "application/json").statusCode()).isEqualTo(406);
        assertThat(get(server, "/xml", "accept", "application/xml").body()).isEqualTo("<x/>");
        assertThat(get(server, "/h").statusCode()).isEqualTo(400);
        assertThat(get(server, "/h", "x-key", "1").body()).isEqualTo("keyed");
    }

    @Test
    void matrixParametersAreIgnoredByRoutingAndReadableBySegment() throws Exception {
        server = server().get("/cars/{model}/parts/{part}", ctx -> ctx.send(ctx.pathParam("model") + " "
                + ctx.matrixParams("model") + " " + ctx.pathParam("part") + " " + ctx.matrixParams())).start();
        assertThat(get(server, "/cars/mini;color=red,blue;year=2012/parts/door;side=left").body())
                .isEqualTo("mini {color=[red, blue], year=[2012]} door {color=[red, blue], year=[2012], side=[left]}");
        assertThat(get(server, "/cars/mini/parts/door").body()).isEqualTo("mini {} door {}");
    }

    @Test
    void contextPathPrefixesEveryRoute() throws Exception {
        server = server().options(o -> o.contextPath("/api")).get("/ping", ctx -> ctx.send("pong")).start();
        assertThat(get(server, "/api/ping").body()).isEqualTo("pong");
        assertThat(get(server, "/ping").statusCode()).isEqualTo(404);
        assertThat(get(server, "/apiping").statusCode()).isEqualTo(404);
    }

    @Test
    void requestsOutsideTheContextPathAreRefusedBeforeFiltersAndExceptionHandlers() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        server = server().options(o -> o.contextPath("/api"))
                .filter((ctx, chain) -> {
                    seen.add("filter " + ctx.request().path());
                    chain.proceed(ctx);
                })
                .exceptionHandler(Exception.class, (ctx, e) -> {
                    seen.add("handler " + e.getClass().getSimpleName());
                    ctx.status(500).send("handled");
                })
                .get("/ping", ctx -> ctx.send("pong"))
                .start();
        for (String path : new String[] {"/ping", "/apiping", "/", "/other/api"}) {
            HttpResponse<String> response = get(server, path);
            assertThat(response.statusCode()).as(path).isEqualTo(404);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
            assertThat(response.body()).as(path).contains("\"status\":404");
        }
        assertThat(seen).isEmpty();
        assertThat(get(server, "/api/ping").body()).isEqualTo("pong");
        // the context root is the application's: its routing failure goes through the filters to the handler
        assertThat(get(server, "/api").body()).isEqualTo("handled");
        assertThat(seen).containsExactly("filter /api/ping", "filter /api", "handler NoRouteException");
    }

    @Test
    void routesCanBeAddedAndRemovedWhileRunning() throws Exception {
        server = server().get("/a", ctx -> ctx.send("a")).start();
        assertThat(get(server, "/b").statusCode()).isEqualTo(404);
        server.addRoute(Route.get("/b/{x}").handler(ctx -> ctx.send("b " + ctx.pathParam("x"))));
        assertThat(get(server, "/b/1").body()).isEqualTo("b 1");
        assertThat(server.removeRoute(HttpMethod.GET, "/b/{x}")).isTrue();
        assertThat(get(server, "/b/1").statusCode()).isEqualTo(404);
        assertThat(server.routes()).extracting(RouteInfo::path).containsExactly("/a");
    }

    @Test
    void ambiguousAndMalformedRoutesFailAtStartup() {
        assertThatThrownBy(() -> server().get("/u/{a}", ctx -> { }).get("/u/{b}", ctx -> { }).start())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("ambiguous routes");
        assertThatThrownBy(() -> server().get("users", ctx -> { }).start())
                .hasMessageContaining("must start with '/'");
        assertThatThrownBy(() -> server().get("/a/{*rest}/b", ctx -> { }).start())
                .hasMessageContaining("must be the last segment");
        assertThatThrownBy(() -> server().get("/a/{id:[}", ctx -> { }).start())
                .hasMessageContaining("invalid regex");
        assertThatThrownBy(() -> server().route(Route.get("/x").scheduler("nope").handler(ctx -> { })).start())
                .hasMessageContaining("unknown scheduler 'nope'");
    }
}
