package dev.brisk.collapse.rest;

import dev.brisk.collapse.HttpCollapseOptions;
import dev.brisk.collapse.SingleFlightOptions;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RequestContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import java.util.concurrent.CountDownLatch;
import static org.assertj.core.api.Assertions.assertThat;

/** @Collapse and RouteCollapsing over real sockets: one handler run per key, a full response for every request. */
class RouteCollapsingTest {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    /** Handler runs waiting for the test to answer them. */
    private final LinkedBlockingQueue<RequestContext> held = new LinkedBlockingQueue<>();
    private final AtomicInteger runs = new AtomicInteger();
    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    private void hold(RequestContext ctx) {
        runs.incrementAndGet();
        ctx.async();
        held.add(ctx);
    }

    private RequestContext nextRun() throws InterruptedException {
        RequestContext ctx = held.poll(10, TimeUnit.SECONDS);
        assertThat(ctx).as("a handler run").isNotNull();
        return ctx;
    }

    private CompletableFuture<HttpResponse<String>> get(String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void awaitCallers(RouteCollapsing collapsing, long callers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (collapsing.stats().callers() < callers && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertThat(collapsing.stats().callers()).isEqualTo(callers);
    }

    @Test
    void concurrentIdenticalRequestsRunTheHandlerOnceAndEachGetsTheWholeResponse() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/quotes/{symbol}").build();
        server = Brisk.server().port(0).feature(collapsing).get("/quotes/{symbol}", this::hold).start();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            calls.add(get("/quotes/ACME?currency=EUR", "X-Request-Id", "r" + i));
        }
        awaitCallers(collapsing, 12);

        RequestContext run = nextRun();
        run.status(203).header("x-price", "42");
        run.response().headers().add("x-multi", "1").add("x-multi", "2");
        run.send("ACME " + run.pathParam("symbol") + " " + run.query("currency").orElseThrow());

        for (CompletableFuture<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(203);
            assertThat(response.headers().firstValue("x-price")).hasValue("42");
            assertThat(response.headers().allValues("x-multi")).containsExactly("1", "2");
            assertThat(response.headers().firstValue("content-type")).hasValue("text/plain; charset=utf-8");
            assertThat(response.body()).isEqualTo("ACME ACME EUR");
        }
        assertThat(runs).hasValue(1);
        assertThat(collapsing.stats().served()).isEqualTo(12);
        assertThat(get("/quotes/ACME?currency=EUR").isDone()).isFalse(); // a new request starts a new run
        nextRun().send("again");
    }

    @Test
    void requestsOfDifferentUsersOrQueriesNeverShareARun() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/me").build();
        server = Brisk.server().port(0).feature(collapsing).get("/me", this::hold).start();
        List<CompletableFuture<HttpResponse<String>>> alice = new ArrayList<>();
        List<CompletableFuture<HttpResponse<String>>> bob = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            alice.add(get("/me", "Authorization", "Bearer alice"));
            bob.add(get("/me", "Authorization", "Bearer bob"));
        }
        CompletableFuture<HttpResponse<String>> otherQuery = get("/me?page=2", "Authorization", "Bearer alice");
        CompletableFuture<HttpResponse<String>> cookie = get("/me", "Authorization", "Bearer alice", "Cookie", "c=1");
        awaitCallers(collapsing, 8);

        for (int i = 0; i < 4; i++) {
            RequestContext run = nextRun();
            run.send(run.header("authorization").orElse("-") + " " + run.request().rawQuery() + " "
                    + run.header("cookie").orElse("-"));
        }

        assertThat(alice).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS).body())
                .isEqualTo("Bearer alice  -"));
        assertThat(bob).allSatisfy(f -> assertThat(f.get(10, TimeUnit.SECONDS).body()).isEqualTo("Bearer bob  -"));
        assertThat(otherQuery.get(10, TimeUnit.SECONDS).body()).isEqualTo("Bearer alice page=2 -");
        assertThat(cookie.get(10, TimeUnit.SECONDS).body()).isEqualTo("Bearer alice  c=1");
        assertThat(runs).hasValue(4);
    }

    @Test
    void aFailingHandlerIsAnsweredToEveryRequestOfItsRun() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/fail").build();
        server = Brisk.server().port(0).feature(collapsing).get("/fail", ctx -> {
            hold(ctx);
        }).start();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            calls.add(get("/fail"));
        }
        awaitCallers(collapsing, 4);

        RequestContext run = nextRun();
        run.status(502).header("content-type", "application/problem+json").send("{\"status\":502}");

        assertThat(calls).allSatisfy(f -> {
            assertThat(f.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(502);
            assertThat(f.get().body()).isEqualTo("{\"status\":502}");
        });
        assertThat(runs).hasValue(1);
    }

    @Test
    void aThrowingHandlerGivesEveryRequestTheSameProblem() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/boom").build();
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch gate = new CountDownLatch(1);
        server = Brisk.server().port(0).feature(collapsing).route(Route.get("/boom")
                .scheduler(Schedulers.WORKER).handler(ctx -> {
                    calls.incrementAndGet();
                    gate.await(10, TimeUnit.SECONDS);
                    throw new IllegalStateException("broken");
                })).start();
        List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            responses.add(get("/boom"));
        }
        awaitCallers(collapsing, 4);
        gate.countDown();

        assertThat(responses).allSatisfy(f -> {
            assertThat(f.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(500);
            assertThat(f.get().headers().firstValue("content-type")).hasValue("application/problem+json");
        });
        assertThat(calls).hasValue(1);
    }

    @Test
    void conditionalRequestsShareOnlyWithTheSameConditions() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/doc").build();
        server = Brisk.server().port(0).feature(collapsing).get("/doc", this::hold).start();
        List<CompletableFuture<HttpResponse<String>>> revalidating = new ArrayList<>();
        List<CompletableFuture<HttpResponse<String>>> plain = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            revalidating.add(get("/doc", "If-None-Match", "\"v1\""));
            plain.add(get("/doc"));
        }
        awaitCallers(collapsing, 6);
        for (int run = 0; run < 2; run++) {
            RequestContext ctx = nextRun();
            if (ctx.request().headers().contains("if-none-match")) {
                ctx.response().status(304).header("etag", "\"v1\"").send();
            } else {
                ctx.header("etag", "\"v1\"").send("document");
            }
        }
        for (CompletableFuture<HttpResponse<String>> call : revalidating) {
            assertThat(call.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(304);
        }
        for (CompletableFuture<HttpResponse<String>> call : plain) {
            HttpResponse<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("document");
        }
        assertThat(runs).hasValue(2);
    }

    @Test
    void aResponseThatSetsACookieGoesToOneRequestOnly() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/login").build();
        server = Brisk.server().port(0).feature(collapsing).get("/login", this::hold).start();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(get("/login"));
        }
        awaitCallers(collapsing, 3);

        nextRun().header("set-cookie", "session=1").send("welcome");

        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.get(10, TimeUnit.SECONDS);
            statuses.add(response.statusCode());
            if (response.statusCode() == 200) {
                assertThat(response.headers().firstValue("set-cookie")).hasValue("session=1");
            } else {
                assertThat(response.headers().firstValue("set-cookie")).isEmpty();
                assertThat(response.headers().firstValue("retry-after")).hasValue("0");
            }
        }
        assertThat(statuses).containsExactlyInAnyOrder(200, 503, 503);
    }

    @Test
    void requestsThatWaitLongerThanTheTimeoutGet503() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/stuck").options(HttpCollapseOptions.builder()
                .singleFlight(SingleFlightOptions.builder().timeout(Duration.ofMillis(100)).build()).build()).build();
        server = Brisk.server().port(0).feature(collapsing).get("/stuck", this::hold).start();

        List<CompletableFuture<HttpResponse<String>>> calls = List.of(get("/stuck"), get("/stuck"));

        for (CompletableFuture<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.headers().firstValue("retry-after")).hasValue("1");
            assertThat(response.body()).contains("within PT0.1S");
        }
    }

    @Test
    void aResponseLargerThanTheLimitIsA500ForEveryRequest() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/big").options(HttpCollapseOptions.builder()
                .maxResponseSize(4).build()).build();
        server = Brisk.server().port(0).feature(collapsing).get("/big", this::hold).start();
        List<CompletableFuture<HttpResponse<String>>> calls = List.of(get("/big"), get("/big"));
        awaitCallers(collapsing, 2);

        nextRun().send("more than four bytes");

        for (CompletableFuture<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(response.body()).contains("maxResponseSize (4 bytes)");
        }
    }

    @Test
    void listedTemplatesThatMatchNoGetRouteAreReported() {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/items/{id}", "/items/{itemId}", "/nope")
                .build();
        server = Brisk.server().port(0).feature(collapsing).get("/items/{id}", ctx -> ctx.send("item"))
                .post("/nope", ctx -> ctx.send("posted")).start();
        assertThat(collapsing.unmatchedRoutes()).containsExactly("/items/{itemId}", "/nope");
    }

    @Test
    void otherMethodsAndRoutesAreLeftAlone() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.builder().routes("/items").build();
        server = Brisk.server().port(0).feature(collapsing)
                .post("/items", ctx -> ctx.send("posted " + runs.incrementAndGet()))
                .get("/other", ctx -> ctx.send("other " + runs.incrementAndGet())).start();
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                + "/items")).POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(post.body()).isEqualTo("posted 1");
        assertThat(get("/other").get(10, TimeUnit.SECONDS).body()).isEqualTo("other 2");
        assertThat(collapsing.stats().callers()).isZero();
    }

    /** A JAX-RS resource with one collapsed method. */
    @Path("/prices")
    @dev.brisk.rest.RunOn(Schedulers.WORKER) // it blocks until the test opens the gate
    public static class Prices {
        static final AtomicInteger CALLS = new AtomicInteger();
        static final CountDownLatch GATE = new CountDownLatch(1);

        @GET
        @Path("/{symbol}")
        @Collapse(keyHeaders = "X-Tenant")
        public Response price(@PathParam("symbol") String symbol) throws InterruptedException {
            CALLS.incrementAndGet();
            GATE.await(10, TimeUnit.SECONDS);
            return Response.ok(symbol + "=42").header("x-source", "resource").build();
        }

        @GET
        @Path("/plain/{symbol}")
        public String plain(@PathParam("symbol") String symbol) {
            return symbol;
        }
    }

    @Test
    void theCollapseAnnotationOnAResourceMethodCollapsesItsRoute() throws Exception {
        RouteCollapsing collapsing = RouteCollapsing.create();
        server = Brisk.server().port(0).feature(collapsing).controllers(new Prices()).start();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            calls.add(get("/prices/ACME", "X-Tenant", i < 3 ? "a" : "b"));
        }
        awaitCallers(collapsing, 6);
        Prices.GATE.countDown();

        for (CompletableFuture<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.get(10, TimeUnit.SECONDS);
            assertThat(response.body()).isEqualTo("ACME=42");
            assertThat(response.headers().firstValue("x-source")).hasValue("resource");
        }
        assertThat(Prices.CALLS).hasValue(2); // one run per tenant
        assertThat(get("/prices/plain/X").get(10, TimeUnit.SECONDS).body()).isEqualTo("X");
        assertThat(collapsing.stats().callers()).isEqualTo(6);
    }
}
