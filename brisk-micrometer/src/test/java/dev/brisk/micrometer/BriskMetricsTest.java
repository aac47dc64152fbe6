package dev.brisk.micrometer;

import dev.brisk.client.BriskClient;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.http.common.Protocol;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.search.RequiredSearch;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The request timer and the server's gauges, read after requests over real sockets. */
class BriskMetricsTest {

    private final MeterRegistry registry = new SimpleMeterRegistry();
    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    private static BriskServer.Builder server() {
        return Brisk.server().port(0).host("127.0.0.1");
    }

    /** The timer with these tags, once the request's completion has been recorded (it may trail the response). */
    private Timer timer(String... tags) throws InterruptedException {
        RequiredSearch search = registry.get("http.server.requests").tags(tags);
        await(() -> registry.find("http.server.requests").tags(tags).timer() != null);
        return search.timer();
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 1000 && !condition.getAsBoolean(); i++) {
            Thread.sleep(10);
        }
        assertThat(condition.getAsBoolean()).as("condition met within 10 s").isTrue();
    }

    @Test
    void timesRequestsByRouteTemplateMethodStatusAndOutcome() throws Exception {
        server = server().feature(BriskMetrics.of(registry))
                .get("/users/{id}", ctx -> ctx.send("user " + ctx.pathParam("id")))
                .route(Route.post("/users").scheduler(Schedulers.WORKER).handler(ctx -> ctx.status(201).send("made")))
                .start();

        assertThat(Http.get(server, "/users/1").body()).isEqualTo("user 1");
        assertThat(Http.get(server, "/users/2").body()).isEqualTo("user 2");
        assertThat(Http.send(server, "POST", "/users").statusCode()).isEqualTo(201);

        Timer users = timer("uri", "/users/{id}", "method", "GET", "status", "200", "outcome", "SUCCESS",
                "exception", "none");
        await(() -> users.count() == 2);
        assertThat(users.totalTime(TimeUnit.NANOSECONDS)).isPositive();
        Timer created = timer("uri", "/users", "method", "POST", "status", "201", "outcome", "SUCCESS");
        assertThat(created.count()).isEqualTo(1);
        assertThat(registry.find("http.server.requests").tag("uri", "/users/1").timer())
                .as("the raw path is never a tag").isNull();
    }

    @Test
    void aResponseTheClientLeftBeforeHasAnUnknownOutcome() throws Exception {
        CountDownLatch gone = new CountDownLatch(1);
        server = server().feature(BriskMetrics.of(registry))
                .route(Route.get("/slow").scheduler(Schedulers.WORKER).handler(ctx -> {
                    gone.await(10, TimeUnit.SECONDS);
                    Thread.sleep(100); // the server sees the connection closed
                    ctx.send("too late");
                })).start();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n".getBytes());
            socket.getOutputStream().flush();
            Thread.sleep(100);
        }
        gone.countDown();
        // nobody received that 200: it is no success
        Timer lost = timer("uri", "/slow", "status", "200", "outcome", "UNKNOWN");
        await(() -> lost.count() == 1);
        assertThat(registry.find("http.server.requests").tags("outcome", "SUCCESS").timer()).isNull();
    }

    @Test
    void requestsNoRouteTookAndFailuresHaveTheirOwnTags() throws Exception {
        server = server().feature(BriskMetrics.of(registry))
                .get("/fail", ctx -> {
                    throw new IllegalStateException("boom");
                })
                .get("/teapot", ctx -> {
                    throw new HttpStatusException(418, "short and stout");
                })
                .get("/moved", ctx -> ctx.status(302).header("location", "/elsewhere").send(""))
                .start();

        assertThat(Http.get(server, "/no/such/path").statusCode()).isEqualTo(404);
        assertThat(Http.get(server, "/other/missing").statusCode()).isEqualTo(404);
        assertThat(Http.get(server, "/fail").statusCode()).isEqualTo(500);
        assertThat(Http.get(server, "/teapot").statusCode()).isEqualTo(418);
        assertThat(Http.send(server, "DELETE", "/fail").statusCode()).isEqualTo(405);

        Timer notFound = timer("uri", "NOT_FOUND", "method", "GET", "status", "404", "outcome", "CLIENT_ERROR",
                "exception", "none");
        await(() -> notFound.count() == 2);
        timer("uri", "/fail", "status", "500", "outcome", "SERVER_ERROR", "exception", "IllegalStateException");
        timer("uri", "/teapot", "status", "418", "outcome", "CLIENT_ERROR", "exception", "HttpStatusException");
        timer("uri", "UNKNOWN", "method", "DELETE", "status", "405", "outcome", "CLIENT_ERROR");
    }

    @Test
    void staticFilesAreNamedAsSpringNamesAResourceMount(@org.junit.jupiter.api.io.TempDir Path files)
            throws Exception {
        Files.writeString(files.resolve("site.css"), "body {}");
        server = server().feature(BriskMetrics.of(registry)).web(w -> w.staticFiles("/", files))
                .get("/api/ping", ctx -> ctx.send("pong")).start();
        assertThat(Http.get(server, "/site.css").statusCode()).isEqualTo(200);
        assertThat(Http.get(server, "/missing.css").statusCode()).isEqualTo(404);
        assertThat(Http.get(server, "/api/ping").statusCode()).isEqualTo(200);
        Timer served = timer("uri", "/**", "method", "GET", "status", "200");
        await(() -> served.count() == 1);
        timer("uri", "/**", "method", "GET", "status", "404");
        assertThat(registry.find("http.server.requests").tag("uri", "/{*path}").timer()).isNull();
    }

    @Test
    void theInFlightGaugeCountsAHeldRequest() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        server = server().feature(BriskMetrics.of(registry))
                .route(Route.get("/hold").scheduler(Schedulers.WORKER).handler(ctx -> {
                    entered.countDown();
                    release.await(10, TimeUnit.SECONDS);
                    ctx.send("released");
                }))
                .start();
        Gauge inFlight = registry.get("brisk.requests.active").gauge();
        assertThat(inFlight.value()).isZero();

        CompletableFuture<HttpResponse<String>> held = Http.getAsync(server, "/hold");
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(inFlight.value()).isEqualTo(1);
        assertThat(registry.get("brisk.scheduler.active").tag("name", "worker").gauge().value()).isEqualTo(1);
        release.countDown();
        assertThat(held.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
        await(() -> inFlight.value() == 0);
        timer("uri", "/hold", "status", "200");
    }

    @Test
    void countsHttp3ConnectionsUnderTheirOwnProtocol() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), () -> "HTTP/3 not available: "
                + QuicAvailability.unavailabilityReason());
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        server = server().http(http -> http.tls(TlsOptions.of(certificate.privateKey(), certificate.certificate()))
                        .options(o -> o.ioThreads(2).http3(h -> h.enabled(true))))
                .feature(BriskMetrics.of(registry))
                .get("/hello", ctx -> ctx.send("hi"))
                .start();
        Gauge http3 = registry.get("brisk.connections.active").tag("protocol", "http3").gauge();
        assertThat(http3.value()).isZero();

        try (BriskClient client = BriskClient.builder().loadInterceptors(false)
                .options(o -> o.protocol(ProtocolPolicy.H3))
                .tls(TlsOptions.builder().trustCertificates(certificate.certificate()).build()).build()) {
            dev.brisk.client.HttpResponse response = client.get("https://127.0.0.1:" + server.port() + "/hello")
                    .send();
            assertThat(response.protocol()).isEqualTo(Protocol.HTTP_3);
            assertThat(http3.value()).isEqualTo(1);   // the client keeps its QUIC connection in its pool
            assertThat(registry.get("brisk.connections.active").tag("protocol", "http2").gauge().value()).isZero();
        }
        await(() -> http3.value() == 0);
    }

    @Test
    void gaugesConnectionsSchedulersAndEventLoops() throws Exception {
        server = server().http(http -> http.options(o -> o.ioThreads(2))).feature(BriskMetrics.of(registry))
                .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send("ok")))
                .start();
        assertThat(Http.get(server, "/worker").body()).isEqualTo("ok");

        assertThat(registry.get("brisk.connections.active").tag("protocol", "http1").gauge().value()).isEqualTo(1);
        assertThat(registry.get("brisk.connections.active").tag("protocol", "http2").gauge().value()).isZero();
        assertThat(registry.get("brisk.connections.active").tag("protocol", "http3").gauge().value()).isZero();
        assertThat(registry.get("brisk.connections.accepted").functionCounter().count()).isEqualTo(1);
        assertThat(registry.get("brisk.requests").functionCounter().count()).isEqualTo(1);
        assertThat(registry.get("brisk.scheduler.threads").tag("name", "worker").gauge().value())
                .isEqualTo(server.options().workerThreads());
        assertThat(registry.get("brisk.scheduler.queued").tag("name", "worker").gauge().value()).isZero();
        assertThat(registry.get("brisk.scheduler.queue.capacity").tag("name", "worker").gauge().value())
                .isEqualTo(server.options().workerQueueSize());
        FunctionCounter rejected = registry.get("brisk.scheduler.rejected").tag("name", "worker").functionCounter();
        assertThat(rejected.count()).isZero();
        assertThat(registry.get("brisk.eventloop.pending").gauges()).hasSize(2)
                .allSatisfy(g -> assertThat(g.value()).isNotNegative());
    }

    @Test
    void theServersGaugesGoWhenItStopsAndItsTimersStay() throws Exception {
        BriskMetrics metrics = BriskMetrics.of(registry);
        server = server().feature(metrics).get("/", ctx -> ctx.send("ok")).start();
        assertThat(Http.get(server, "/").body()).isEqualTo("ok");
        timer("uri", "/");
        server.close();
        server = null;
        assertThat(registry.find("brisk.requests.active").gauge()).isNull();
        assertThat(registry.find("brisk.eventloop.pending").gauges()).isEmpty();
        assertThat(registry.find("http.server.requests").timer()).isNotNull();

        server = server().feature(metrics).get("/", ctx -> ctx.send("again")).start();
        assertThat(Http.get(server, "/").body()).isEqualTo("again");
        assertThat(registry.get("brisk.requests").functionCounter().count()).isEqualTo(1);
    }

    @Test
    void optionsNameTheTimerAddPercentilesAndLeaveTheGaugesOut() throws Exception {
        MetricsOptions options = MetricsOptions.builder().requestsMetricName("brisk.http.requests")
                .percentileHistogram(true).percentiles(0.5, 0.99).serverMeters(false).build();
        server = server().feature(BriskMetrics.of(registry, options)).get("/", ctx -> ctx.send("ok")).start();
        assertThat(Http.get(server, "/").body()).isEqualTo("ok");

        await(() -> registry.find("brisk.http.requests").tag("uri", "/").timer() != null);
        Timer timer = registry.get("brisk.http.requests").tag("uri", "/").timer();
        assertThat(timer.takeSnapshot().percentileValues()).extracting(v -> v.percentile()).containsExactly(0.5, 0.99);
        assertThat(registry.find("http.server.requests").timer()).isNull();
        assertThat(registry.find("brisk.requests.active").gauge()).isNull();
    }
}
