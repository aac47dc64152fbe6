package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The operator's snapshot of a client's providers through real connections: registered version and weight, ready
 * connections, answer times, an ejected provider, and a provider taken out of the client's rotation and put back.
 */
class ProviderStatusTest {

    private final StaticRegistry registry = StaticRegistry.create();
    private RpcServer first;
    private RpcServer second;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        for (RpcServer server : new RpcServer[] {first, second}) {
            if (server != null) {
                server.closeNow();
            }
        }
    }

    private static RpcServer server(StaticRegistry registry, String name, String version, int weight) {
        return RpcServer.builder().host("127.0.0.1").registry(registry)
                .options(o -> o.advertisedHost("127.0.0.1").version(version).weight(weight))
                .service(Named.class, Named.as(name)).start();
    }

    private static ProviderStatus provider(ServiceStatus service, RpcServer server) {
        return service.providers().stream().filter(p -> p.address().equals("127.0.0.1:" + server.port()))
                .findFirst().orElseThrow(() -> new AssertionError("no provider on port " + server.port()));
    }

    private void startTwo(Consumer<RpcClientOptions.Builder> options) {
        first = server(registry, "first", "1.4", 100);
        second = server(registry, "second", "1.5", 300);
        client = RpcClient.builder().registry(registry).options(o -> {
            o.connectionsPerProvider(2).loadBalance(LoadBalance.ROUND_ROBIN);
            options.accept(o);
        }).build();
        client.awaitProviders(Named.class, 2, Duration.ofSeconds(10));
    }

    @Test
    void theSnapshotShowsEachProviderAsRegisteredAndConnected() {
        startTwo(o -> { });
        Named named = client.proxy(Named.class);
        for (int i = 0; i < 20; i++) {
            named.name();
        }
        awaitAllReady();
        List<ServiceStatus> all = client.providers();
        assertThat(all).extracting(ServiceStatus::service).containsExactly(Named.class.getName());
        ServiceStatus service = client.providers(Named.class);
        assertThat(service.ready()).isEqualTo(2);
        ProviderStatus one = provider(service, first);
        assertThat(one.version()).isEqualTo("1.4");
        assertThat(one.weight()).isEqualTo(100);
        assertThat(one.state()).isEqualTo(ProviderState.READY);
        assertThat(one.readyConnections()).isEqualTo(2);
        assertThat(one.connections()).isEqualTo(2);
        assertThat(one.inFlight()).isZero();
        assertThat(one.averageAnswerTime()).isPresent();
        assertThat(one.ejections()).isZero();
        ProviderStatus two = provider(service, second);
        assertThat(two.version()).isEqualTo("1.5");
        assertThat(two.weight()).isEqualTo(300);
    }

    @Test
    void aCallAwaitingItsAnswerIsCountedInFlight() throws Exception {
        startTwo(o -> o.loadBalance(LoadBalance.LEAST_IN_FLIGHT));
        Named named = client.proxy(Named.class);
        CompletableFuture<String> slow = CompletableFuture.supplyAsync(() -> named.slowly(800));
        awaitUntil("a call is in flight", () -> client.providers(Named.class).providers().stream()
                .mapToInt(ProviderStatus::inFlight).sum() == 1);
        assertThat(slow.get(5, TimeUnit.SECONDS)).isIn("first", "second");
        awaitUntil("no call is in flight", () -> client.providers(Named.class).providers().stream()
                .mapToInt(ProviderStatus::inFlight).sum() == 0);
    }

    @Test
    void aServiceNeverUsedHasNoProvidersAndIsNotSubscribedByTheSnapshot() {
        startTwo(o -> { });
        assertThat(client.providers(Runnable.class).providers()).isEmpty();
        assertThat(client.providers()).extracting(ServiceStatus::service).containsExactly(Named.class.getName());
    }

    @Test
    void anEjectedProviderIsShownEjectedWithItsEjections() {
        first = RpcServer.builder().host("127.0.0.1").registry(registry).options(o -> o.advertisedHost("127.0.0.1"))
                .service(Named.class, Named.as("first")).start();
        second = RpcServer.builder().host("127.0.0.1").registry(registry).options(o -> o.advertisedHost("127.0.0.1"))
                .service(Named.class, new Named() {
                    @Override
                    public String name() {
                        return Named.as("second").slowly(5_000);
                    }

                    @Override
                    public String slowly(long millis) {
                        return name();
                    }
                }).start();
        client = RpcClient.builder().registry(registry).options(o -> o.connectionsPerProvider(1)
                .loadBalance(LoadBalance.ROUND_ROBIN).callTimeout(Duration.ofMillis(200)).outlierFailures(2)
                .ejectionTime(Duration.ofMinutes(5)).maxEjectionTime(Duration.ofMinutes(5))).build();
        client.awaitProviders(Named.class, 2, Duration.ofSeconds(10));
        Named named = client.proxy(Named.class);
        for (int i = 0; i < 20; i++) {
            try {
                named.name();
            } catch (RpcTimeoutException expected) {
                // the slow one, until it is ejected
            }
        }
        ServiceStatus service = client.providers(Named.class);
        ProviderStatus slow = provider(service, second);
        assertThat(slow.state()).isEqualTo(ProviderState.EJECTED);
        assertThat(slow.ejections()).isEqualTo(1);
        assertThat(slow.readyConnections()).isEqualTo(1);
        assertThat(provider(service, first).state()).isEqualTo(ProviderState.READY);
        assertThat(service.ready()).isEqualTo(1);
    }

    @Test
    void aProviderTakenOfflineGetsNoCallsUntilItIsBackOnline() throws Exception {
        startTwo(o -> { });
        Named named = client.proxy(Named.class);
        String address = "127.0.0.1:" + first.port();
        CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> {
            String answer;
            do {
                answer = named.slowly(600);   // until a slow call lands on the first provider
            } while (!answer.equals("first"));
            return answer;
        });
        awaitUntil("a call is in flight on the first provider",
                () -> provider(client.providers(Named.class), first).inFlight() == 1);
        assertThat(client.offline(address)).isTrue();
        assertThat(client.offline(address)).isFalse();
        assertThat(client.offlineAddresses()).containsExactly(address);
        ProviderStatus offline = provider(client.providers(Named.class), first);
        assertThat(offline.state()).isEqualTo(ProviderState.OFFLINE);
        assertThat(offline.readyConnections()).isEqualTo(2);   // connections stay open
        Set<String> answered = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            answered.add(named.name());
        }
        assertThat(answered).containsExactly("second");
        assertThat(inFlight.get(5, TimeUnit.SECONDS)).isEqualTo("first");   // the call in flight was answered

        assertThat(client.online(address)).isTrue();
        assertThat(client.offlineAddresses()).isEmpty();
        assertThat(provider(client.providers(Named.class), first).state()).isEqualTo(ProviderState.READY);
        answered.clear();
        for (int i = 0; i < 20; i++) {
            answered.add(named.name());
        }
        assertThat(answered).containsExactlyInAnyOrder("first", "second");
    }

    @Test
    void withEveryProviderOfflineACallFailsAtOnceSayingNoProvider() {
        first = server(registry, "first", "", 100);
        client = RpcClient.builder().registry(registry).options(o -> o.callTimeout(Duration.ofSeconds(20))).build();
        client.awaitProviders(Named.class, 1, Duration.ofSeconds(10));
        client.offline("127.0.0.1:" + first.port());
        Named named = client.proxy(Named.class);
        long start = System.nanoTime();
        assertThatThrownBy(named::name).isInstanceOf(NoProviderException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        client.online("127.0.0.1:" + first.port());
        assertThat(named.name()).isEqualTo("first");
    }

    @Test
    void anAddressMustBeHostAndPort() {
        try (RpcClient idle = RpcClient.builder().addresses("127.0.0.1:1").build()) {
            assertThatThrownBy(() -> idle.offline("nowhere")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("host:port");
        }
    }

    private void awaitAllReady() {
        awaitUntil("every connection is ready", () -> client.providers(Named.class).providers().stream()
                .allMatch(p -> p.readyConnections() == p.connections()));
    }

    static void awaitUntil(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
