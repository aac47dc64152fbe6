package dev.brisk.micrometer.client;

import dev.brisk.client.BriskClient;
import dev.brisk.client.ClientConnectException;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@link MicrometerClientMetrics} against a {@link SimpleMeterRegistry}, through real connections. */
class MicrometerClientMetricsTest {

    private static final List<String> GAUGES = List.of("active", "idle", "pending", "connections");

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final BlockingQueue<ServerRequest> held = new LinkedBlockingQueue<>();
    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void closeResources() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
        resources.clear();
    }

    private HttpServer server(HttpHandler handler) {
        return server(HttpServer.builder(), handler);
    }

    private HttpServer server(HttpServer.Builder builder, HttpHandler handler) {
        HttpServer server = builder.host("127.0.0.1").port(0).options(o -> o.ioThreads(2)).handler(handler).start();
        resources.add(server::closeNow);
        return server;
    }

    private static String url(HttpServer server, String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    /** A builder that skips ServiceLoader interceptors, so the plain path is what runs. */
    private static BriskClient.Builder clientBuilder() {
        return BriskClient.builder().options(o -> o.ioThreads(2)).loadInterceptors(false);
    }

    private BriskClient client(BriskClient.Builder builder) {
        BriskClient client = builder.build();
        resources.add(client);
        return client;
    }

    /** The cause a failed join reports. */
    private static Throwable failure(CompletionStage<?> stage) {
        try {
            stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected the call to fail");
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10);
        }
    }

    private HttpServer server() {
        return server(request -> {
            switch (request.path()) {
                case "/missing" -> request.response().status(404).send("no");
                case "/hold" -> held.add(request);
                default -> request.response().send("ok");
            }
        });
    }

    private BriskClient.Builder meteredClient() {
        return clientBuilder().metrics(MicrometerClientMetrics.of(registry));
    }

    private Timer timer(String host, String method, String status, String outcome) {
        return registry.find("brisk.client.requests")
                .tags("host", host, "method", method, "status", status, "outcome", outcome).timer();
    }

    private double gauge(String name, String host) {
        Gauge gauge = registry.find("brisk.client.pool." + name).tag("host", host).gauge();
        return gauge == null ? -1 : gauge.value();
    }

    private List<Meter> poolGauges() {
        List<Meter> meters = new ArrayList<>();
        for (String name : GAUGES) {
            meters.addAll(registry.find("brisk.client.pool." + name).meters());
        }
        return meters;
    }

    @Test
    void callsAreTimedByHostMethodStatusAndOutcome() throws Exception {
        HttpServer server = server();
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        BriskClient client = client(meteredClient());
        String host = "http://127.0.0.1:" + server.port();
        String refusedHost = "http://127.0.0.1:" + closedPort;

        client.get(url(server, "/ok")).send();
        client.get(url(server, "/ok")).send();
        client.get(url(server, "/missing")).send();
        client.post(url(server, "/missing")).body("x").send();
        assertThat(failure(client.get(refusedHost + "/").execute())).isInstanceOf(ClientConnectException.class);

        assertThat(timer(host, "GET", "200", "SUCCESS").count()).isEqualTo(2);
        assertThat(timer(host, "GET", "404", "CLIENT_ERROR").count()).isEqualTo(1);
        assertThat(timer(host, "POST", "404", "CLIENT_ERROR").count()).isEqualTo(1);
        Timer refused = timer(refusedHost, "GET", "ClientConnectException", "FAILURE");
        assertThat(refused.count()).isEqualTo(1);   // retried once by the default policy, still one call
        assertThat(refused.totalTime(TimeUnit.NANOSECONDS)).isPositive();
        assertThat(registry.find("brisk.client.requests").timers()).hasSize(4);
        assertThat(timer(host, "GET", "200", "SUCCESS").getId().getTag("protocol")).isEqualTo("http1");
        assertThat(refused.getId().getTag("protocol")).isEqualTo("none");
    }

    @Test
    void callsAreTaggedWithTheProtocolOfTheirResponse() {
        assumeTrue(QuicAvailability.isAvailable(), () -> "HTTP/3 not available: "
                + QuicAvailability.unavailabilityReason());
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        HttpServer server = server(HttpServer.builder()
                        .tls(TlsOptions.of(certificate.privateKey(), certificate.certificate()))
                        .options(o -> o.http3(h -> h.enabled(true))),
                request -> request.response().send("ok"));
        TlsOptions trust = TlsOptions.builder().trustCertificates(certificate.certificate()).build();
        String host = "https://127.0.0.1:" + server.port();

        HttpResponse overH2 = client(meteredClient().tls(trust)).get(host + "/").send();
        HttpResponse overH3 = client(meteredClient().tls(trust).options(o -> o.protocol(ProtocolPolicy.H3)))
                .get(host + "/").send();
        client(meteredClient().tls(trust).options(o -> o.protocol(ProtocolPolicy.H3))).get(host + "/").send();

        assertThat(overH2.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(overH3.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(registry.find("brisk.client.requests").tag("protocol", "http2").timer().count()).isEqualTo(1);
        assertThat(registry.find("brisk.client.requests").tag("protocol", "http3").timer().count()).isEqualTo(2);
        assertThat(MicrometerClientMetrics.protocolTag(Protocol.HTTP_1_0)).isEqualTo("http1");
    }

    @Test
    void commonTagsAreAddedToEveryMeter() {
        HttpServer server = server();
        BriskClient client = client(clientBuilder()
                .metrics(MicrometerClientMetrics.of(registry, Tags.of("client", "payments"))));

        client.get(url(server, "/ok")).send();

        assertThat(registry.getMeters()).isNotEmpty()
                .allSatisfy(meter -> assertThat(meter.getId().getTag("client")).isEqualTo("payments"));
    }

    @Test
    void poolGaugesFollowThePoolAndAreRemovedWhenItExpires() throws Exception {
        HttpServer server = server();
        BriskClient client = client(meteredClient().options(o -> o.ioThreads(1).maxConnectionsPerHost(2)
                .poolExpiry(Duration.ofMillis(100))));
        String host = "http://127.0.0.1:" + server.port();

        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(client.get(url(server, "/hold")).execute().toCompletableFuture());
        }
        await(() -> held.size() == 2 && gauge("active", host) == 2 && gauge("pending", host) == 1
                && gauge("connections", host) == 2 && gauge("idle", host) == 0, "two leased, one waiting");

        await(() -> {
            ServerRequest request;
            while ((request = held.poll()) != null) {
                request.response().send("ok");
            }
            return calls.stream().allMatch(CompletableFuture::isDone);
        }, "every call to complete");
        await(() -> gauge("active", host) == 0 && gauge("pending", host) == 0 && gauge("idle", host) == 2
                && gauge("connections", host) == 2, "two idle connections");
        assertThat(poolGauges()).hasSize(4);

        // the gauges go while the registry still holds the pool, which it forgets a moment later
        await(() -> poolGauges().isEmpty() && client.poolStats().isEmpty(), "the gauges to be removed with the pool");
    }

    @Test
    void closingTheClientRemovesItsGauges() {
        HttpServer server = server();
        BriskClient client = meteredClient().build();
        client.get(url(server, "/ok")).send();
        assertThat(poolGauges()).hasSize(4);

        client.close();

        assertThat(poolGauges()).isEmpty();
        assertThat(registry.find("brisk.client.requests").timers()).hasSize(1);
    }
}
