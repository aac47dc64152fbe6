package dev.brisk.micrometer.rpc;

import dev.brisk.rpc.LoadBalance;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.RpcTimeoutException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link BriskRpcMetrics} against a {@link SimpleMeterRegistry}, through real RPC connections. */
class BriskRpcMetricsTest {

    /** Answers, throws, waits to be released, or (the provider named "flaky", while sick) takes ten seconds. */
    public interface Inventory {

        int stock(String item);

        void reserve(String item);

        CompletableFuture<String> held();

        String slow();
    }

    private static final String SERVICE = Inventory.class.getName();

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicBoolean sick = new AtomicBoolean();
    private final CompletableFuture<String> release = new CompletableFuture<>();
    private final CountDownLatch holding = new CountDownLatch(1);
    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        release.complete("released");
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    private Inventory implementation(String name) {
        return new Inventory() {
            @Override
            public int stock(String item) {
                return item.length();
            }

            @Override
            public void reserve(String item) {
                throw new IllegalStateException("no " + item);
            }

            @Override
            public CompletableFuture<String> held() {
                holding.countDown();
                return release;
            }

            @Override
            public String slow() {
                if (sick.get() && name.equals("flaky")) {
                    try {
                        Thread.sleep(10_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return name;
            }
        };
    }

    private RpcServer server(BriskRpcMetrics metrics, String name) {
        RpcServer.Builder builder = RpcServer.builder().host("127.0.0.1").service(Inventory.class,
                implementation(name));
        if (metrics != null) {
            builder.observer(metrics);
        }
        RpcServer server = builder.start();
        resources.add(server::closeNow);
        return server;
    }

    private RpcClient client(RpcClient.Builder builder) {
        RpcClient client = builder.build();
        resources.add(client);
        return client;
    }

    private Timer clientTimer(String method, String outcome, String exception, String provider) {
        return registry.find(BriskRpcMetrics.CLIENT_CALLS).tags("service", SERVICE, "method", method, "outcome",
                outcome, "exception", exception, "provider", provider).timer();
    }

    private Timer serverTimer(String method, String outcome, String exception) {
        return registry.find(BriskRpcMetrics.SERVER_CALLS).tags("service", SERVICE, "method", method, "outcome",
                outcome, "exception", exception).timer();
    }

    @Test
    void callsAreTimedPerMethodOutcomeAndProviderOnBothSides() {
        BriskRpcMetrics metrics = BriskRpcMetrics.of(registry);
        RpcServer server = server(metrics, "a");
        String provider = "127.0.0.1:" + server.port();
        Inventory inventory = client(RpcClient.builder().addresses(provider).observer(metrics))
                .proxy(Inventory.class);
        for (int i = 0; i < 3; i++) {
            assertThat(inventory.stock("apple")).isEqualTo(5);
        }
        assertThatThrownBy(() -> inventory.reserve("pear")).isInstanceOf(IllegalStateException.class);

        assertThat(clientTimer("stock", "SUCCESS", "none", provider).count()).isEqualTo(3);
        assertThat(clientTimer("reserve", "SERVICE_ERROR", "IllegalStateException", provider).count()).isEqualTo(1);
        assertThat(serverTimer("stock", "SUCCESS", "none").count()).isEqualTo(3);
        assertThat(serverTimer("reserve", "SERVICE_ERROR", "IllegalStateException").count()).isEqualTo(1);
        assertThat(registry.find(BriskRpcMetrics.SERVER_QUEUE).tags("service", SERVICE, "method", "stock").timer()
                .count()).isEqualTo(3);
        assertThat(clientTimer("stock", "SUCCESS", "none", provider).totalTime(TimeUnit.NANOSECONDS)).isPositive();
        assertThat(gauge(BriskRpcMetrics.PROVIDERS, SERVICE)).isEqualTo(1);
        assertThat(gauge(BriskRpcMetrics.EJECTED, SERVICE)).isZero();
        assertThat(registry.get(BriskRpcMetrics.SERVER_CONNECTIONS).gauge().value()).isPositive();
    }

    @Test
    void callsInFlightAreGaugedOnBothSides() throws Exception {
        BriskRpcMetrics metrics = BriskRpcMetrics.of(registry);
        RpcServer server = server(metrics, "a");
        Inventory inventory = client(RpcClient.builder().addresses("127.0.0.1:" + server.port()).observer(metrics))
                .proxy(Inventory.class);
        CompletableFuture<String> held = inventory.held();
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(registry.get(BriskRpcMetrics.CLIENT_ACTIVE).gauge().value()).isEqualTo(1);
        assertThat(registry.get(BriskRpcMetrics.SERVER_ACTIVE).gauge().value()).isEqualTo(1);
        release.complete("done");
        assertThat(held.get(10, TimeUnit.SECONDS)).isEqualTo("done");
        assertThat(registry.get(BriskRpcMetrics.CLIENT_ACTIVE).gauge().value()).isZero();
    }

    @Test
    void anEjectionIsCountedAndGaugedAndAProviderThatLeftTakesItsMetersAlong() {
        BriskRpcMetrics metrics = BriskRpcMetrics.of(registry);
        RpcServer flaky = server(null, "flaky");
        RpcServer steady = server(null, "steady");
        String flakyAddress = "127.0.0.1:" + flaky.port();
        RpcClient client = RpcClient.builder().addresses(flakyAddress + ",127.0.0.1:" + steady.port())
                .observer(metrics)
                .options(o -> o.connectionsPerProvider(1).callTimeout(Duration.ofMillis(200))
                        .loadBalance(LoadBalance.ROUND_ROBIN).outlierFailures(1)
                        .ejectionTime(Duration.ofMinutes(5)).maxEjectionTime(Duration.ofMinutes(5)))
                .build();
        Inventory inventory = client.proxy(Inventory.class);
        client.awaitProviders(Inventory.class, 2, Duration.ofSeconds(10));
        assertThat(inventory.slow()).isIn("flaky", "steady");
        sick.set(true);
        for (int i = 0; i < 20 && registry.find(BriskRpcMetrics.EJECTIONS).counter() == null; i++) {
            try {
                inventory.slow();
            } catch (RpcTimeoutException e) {
                // the flaky one timed out
            }
        }
        Counter ejections = registry.find(BriskRpcMetrics.EJECTIONS).tag("service", SERVICE).counter();
        assertThat(ejections).isNotNull();
        assertThat(ejections.getId().getTag("provider")).isEqualTo(flakyAddress);
        assertThat(ejections.count()).isEqualTo(1);
        assertThat(gauge(BriskRpcMetrics.EJECTED, SERVICE)).isEqualTo(1);
        assertThat(registry.find(BriskRpcMetrics.CLIENT_CALLS).tags("outcome", "FAILURE", "exception",
                "RpcTimeoutException").timer()).isNotNull();

        client.close();
        // both providers left the only client that knew them: no series of theirs remains
        assertThat(registry.find(BriskRpcMetrics.CLIENT_CALLS).meters()).isEmpty();
        assertThat(registry.find(BriskRpcMetrics.EJECTIONS).meters()).isEmpty();
        assertThat(gauge(BriskRpcMetrics.PROVIDERS, SERVICE)).isZero();
    }

    @Test
    void histogramBucketsPercentilesAndTheProviderTagAreConfigurable() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        BriskRpcMetrics metrics = BriskRpcMetrics.of(prometheus, RpcMetricsOptions.builder()
                .percentileHistogram(true).percentiles(0.5, 0.99).providerTag(false).build());
        RpcServer server = server(metrics, "a");
        Inventory inventory = client(RpcClient.builder().addresses("127.0.0.1:" + server.port()).observer(metrics))
                .proxy(Inventory.class);
        inventory.stock("kiwi");
        Timer client = prometheus.get(BriskRpcMetrics.CLIENT_CALLS).timer();
        assertThat(client.getId().getTag("provider")).isNull();
        assertThat(client.takeSnapshot().percentileValues()).extracting(v -> v.percentile()).containsExactly(0.5, 0.99);
        String scrape = prometheus.scrape();
        assertThat(scrape).contains("rpc_client_calls_seconds_bucket{", "rpc_server_calls_seconds_bucket{");
    }

    @Test
    void optionsAreValidated() {
        assertThatThrownBy(() -> RpcMetricsOptions.builder().percentiles(1.5).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(RpcMetricsOptions.DEFAULT.providerTag()).isTrue();
        assertThat(RpcMetricsOptions.DEFAULT.toBuilder().build()).isEqualTo(RpcMetricsOptions.DEFAULT);
        assertThat(BriskRpcMetrics.simpleName("dev.brisk.rpc.Outer$Inner")).isEqualTo("Inner");
        assertThat(BriskRpcMetrics.simpleName("")).isEqualTo("none");
    }

    private double gauge(String name, String service) {
        Gauge gauge = registry.find(name).tag("service", service).gauge();
        assertThat(gauge).as(name).isNotNull();
        return gauge.value();
    }
}
