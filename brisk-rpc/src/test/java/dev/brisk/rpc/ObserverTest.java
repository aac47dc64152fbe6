package dev.brisk.rpc;

import dev.brisk.rpc.observe.ClientCallEnded;
import dev.brisk.rpc.observe.ProviderChange;
import dev.brisk.rpc.observe.RpcClientView;
import dev.brisk.rpc.observe.RpcObserver;
import dev.brisk.rpc.observe.RpcOutcome;
import dev.brisk.rpc.observe.RpcServerView;
import dev.brisk.rpc.observe.ServerCallEnded;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What observers of clients and servers hear, over real sockets. */
class ObserverTest {

    /** Answers, throws, or (the provider named "sick", while sick) takes ten seconds. */
    public interface Probe {

        String echo(String text);

        void fail(String message);

        String slow();
    }

    /** Remembers everything it hears. */
    static final class Recorder implements RpcObserver {
        final Queue<ClientCallEnded> clientCalls = new ConcurrentLinkedQueue<>();
        final Queue<ServerCallEnded> serverCalls = new ConcurrentLinkedQueue<>();
        final Queue<ProviderChange> changes = new ConcurrentLinkedQueue<>();
        final Queue<Object> lifecycle = new ConcurrentLinkedQueue<>();
        volatile RpcClientView client;
        volatile RpcServerView server;

        @Override
        public void clientOpened(RpcClientView client) {
            this.client = client;
            lifecycle.add("client opened");
        }

        @Override
        public void clientClosed(RpcClientView client) {
            lifecycle.add("client closed");
        }

        @Override
        public void serverStarted(RpcServerView server) {
            this.server = server;
            lifecycle.add("server started");
        }

        @Override
        public void serverStopped(RpcServerView server) {
            lifecycle.add("server stopped");
        }

        @Override
        public void clientCallEnded(ClientCallEnded call) {
            clientCalls.add(call);
        }

        @Override
        public void serverCallEnded(ServerCallEnded call) {
            serverCalls.add(call);
        }

        @Override
        public void providerChanged(ProviderChange change) {
            changes.add(change);
        }
    }

    private static final String SERVICE = Probe.class.getName();

    private final AtomicBoolean sick = new AtomicBoolean();
    private RpcServer server;
    private RpcServer other;

    @AfterEach
    void stop() {
        if (server != null) {
            server.closeNow();
        }
        if (other != null) {
            other.closeNow();
        }
    }

    private Probe implementation(String name) {
        return new Probe() {
            @Override
            public String echo(String text) {
                return text;
            }

            @Override
            public void fail(String message) {
                throw new IllegalArgumentException(message);
            }

            @Override
            public String slow() {
                if (sick.get() && name.equals("sick")) {
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

    @Test
    void clientAndServerHearOfEveryCallWithItsOutcome() {
        Recorder onServer = new Recorder();
        server = RpcServer.builder().host("127.0.0.1").service(Probe.class, implementation("a")).observer(onServer)
                .start();
        assertThat(onServer.lifecycle).containsExactly("server started");
        Recorder onClient = new Recorder();
        String address = "127.0.0.1:" + server.port();
        try (RpcClient client = RpcClient.builder().addresses(address).observer(onClient).build()) {
            Probe probe = client.proxy(Probe.class);
            assertThat(probe.echo("x")).isEqualTo("x");
            assertThatThrownBy(() -> probe.fail("no")).isInstanceOf(IllegalArgumentException.class);

            // heard before the caller has its answer
            assertThat(onClient.clientCalls).hasSize(2);
            ClientCallEnded echo = onClient.clientCalls.poll();
            assertThat(echo).extracting(ClientCallEnded::service, ClientCallEnded::method, ClientCallEnded::provider,
                            ClientCallEnded::outcome, ClientCallEnded::errorType, ClientCallEnded::attempts)
                    .containsExactly(SERVICE, "echo", address, RpcOutcome.SUCCESS, "", 1);
            assertThat(echo.elapsedNanos()).isPositive();
            assertThat(echo.retried()).isFalse();
            ClientCallEnded fail = onClient.clientCalls.poll();
            assertThat(fail.outcome()).isEqualTo(RpcOutcome.SERVICE_ERROR);
            assertThat(fail.errorType()).isEqualTo(IllegalArgumentException.class.getName());

            assertThat(onServer.serverCalls).hasSize(2);
            ServerCallEnded served = onServer.serverCalls.poll();
            assertThat(served).extracting(ServerCallEnded::service, ServerCallEnded::method, ServerCallEnded::outcome,
                    ServerCallEnded::errorType).containsExactly(SERVICE, "echo", RpcOutcome.SUCCESS, "");
            assertThat(served.queuedNanos()).isNotNegative().isLessThanOrEqualTo(served.elapsedNanos());
            ServerCallEnded failed = onServer.serverCalls.poll();
            assertThat(failed.outcome()).isEqualTo(RpcOutcome.SERVICE_ERROR);
            assertThat(failed.errorType()).isEqualTo(IllegalArgumentException.class.getName());

            assertThat(onClient.changes).containsExactly(
                    new ProviderChange(SERVICE, address, ProviderChange.Kind.JOINED));
            RpcClientView view = onClient.client;
            assertThat(view.services()).containsExactly(SERVICE);
            assertThat(view.providers(SERVICE)).isEqualTo(1);
            assertThat(view.ejectedProviders(SERVICE)).isZero();
            assertThat(view.callsInFlight()).isZero();
            assertThat(view.providers("no.such.Service")).isZero();
            assertThat(onServer.server.connections()).isPositive();
            assertThat(onServer.server.callsInFlight()).isZero();
        }
        assertThat(onClient.changes).endsWith(new ProviderChange(SERVICE, address, ProviderChange.Kind.LEFT));
        assertThat(onClient.lifecycle).containsExactly("client opened", "client closed");
        server.close();
        assertThat(onServer.lifecycle).containsExactly("server started", "server stopped");
        server = null;
    }

    @Test
    void aTimeoutIsAFailureOnBothSides() {
        sick.set(true);
        Recorder onServer = new Recorder();
        server = RpcServer.builder().host("127.0.0.1").service(Probe.class, implementation("sick")).observer(onServer)
                .options(o -> o.methodTimeout(Duration.ofMillis(100))).start();
        Recorder onClient = new Recorder();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).observer(onClient)
                .build()) {
            assertThatThrownBy(() -> client.proxy(Probe.class).slow()).isInstanceOf(RpcTimeoutException.class);
            ClientCallEnded call = onClient.clientCalls.poll();
            assertThat(call.outcome()).isEqualTo(RpcOutcome.FAILURE);
            assertThat(call.errorType()).isEqualTo(RpcTimeoutException.class.getName());
            ServerCallEnded served = onServer.serverCalls.poll();
            assertThat(served.outcome()).isEqualTo(RpcOutcome.FAILURE);
            assertThat(served.errorType()).isEqualTo(RpcTimeoutException.class.getName());
        }
    }

    @Test
    void aCallWithoutProvidersIsAFailureToNone() {
        Recorder onClient = new Recorder();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:1").observer(onClient)
                .options(o -> o.callTimeout(Duration.ofMillis(300))).build()) {
            assertThatThrownBy(() -> client.proxy(Probe.class).echo("x")).isInstanceOf(RpcException.class);
            ClientCallEnded call = onClient.clientCalls.poll();
            assertThat(call.outcome()).isEqualTo(RpcOutcome.FAILURE);
            assertThat(call.attempts()).isZero();
            assertThat(call.provider()).isEmpty();
        }
    }

    @Test
    void providersEjectedAndRestoredAreHeardOf() throws Exception {
        server = RpcServer.builder().host("127.0.0.1").service(Probe.class, implementation("sick")).start();
        RpcServer healthy = RpcServer.builder().host("127.0.0.1").service(Probe.class, implementation("healthy"))
                .start();
        other = healthy;
        String sickAddress = "127.0.0.1:" + server.port();
        Recorder onClient = new Recorder();
        try (RpcClient client = RpcClient.builder().addresses(sickAddress + ",127.0.0.1:" + healthy.port())
                .observer(onClient)
                .options(o -> o.connectionsPerProvider(1).callTimeout(Duration.ofMillis(200))
                        .loadBalance(LoadBalance.ROUND_ROBIN).outlierFailures(1)
                        .ejectionTime(Duration.ofMillis(50)).maxEjectionTime(Duration.ofMillis(50)))
                .build()) {
            Probe probe = client.proxy(Probe.class);
            client.awaitProviders(Probe.class, 2, Duration.ofSeconds(10));
            // the "sick" provider is the only one slow: it times out once and is ejected
            sick.set(true);
            for (int i = 0; i < 20 && !onClient.changes.contains(change(sickAddress, ProviderChange.Kind.EJECTED));
                 i++) {
                callQuietly(probe);
            }
            assertThat(onClient.changes).contains(change(sickAddress, ProviderChange.Kind.EJECTED));
            assertThat(onClient.client.ejectedProviders(SERVICE)).isEqualTo(1);
            // healed, its probe call brings it back
            sick.set(false);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!onClient.changes.contains(change(sickAddress, ProviderChange.Kind.RESTORED))
                    && System.nanoTime() < deadline) {
                callQuietly(probe);
                Thread.sleep(10);
            }
            assertThat(onClient.changes).contains(change(sickAddress, ProviderChange.Kind.RESTORED));
            assertThat(onClient.client.ejectedProviders(SERVICE)).isZero();
            assertThat(onClient.changes.stream().filter(c -> c.kind() == ProviderChange.Kind.EJECTED))
                    .hasSize(1);
        }
    }

    private static ProviderChange change(String address, ProviderChange.Kind kind) {
        return new ProviderChange(SERVICE, address, kind);
    }

    private static void callQuietly(Probe probe) {
        try {
            probe.slow();
        } catch (RpcTimeoutException e) {
            // the sick one
        }
    }

    @Test
    void anObserverThatThrowsNeitherFailsTheCallNorSilencesTheOthers() {
        Recorder recorder = new Recorder();
        RpcObserver broken = new RpcObserver() {
            @Override
            public void clientCallEnded(ClientCallEnded call) {
                throw new IllegalStateException("broken observer");
            }
        };
        server = RpcServer.builder().host("127.0.0.1").service(Probe.class, implementation("a")).start();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).observer(broken)
                .observer(recorder).build()) {
            Probe probe = client.proxy(Probe.class);
            assertThat(List.of(probe.echo("1"), probe.echo("2"))).containsExactly("1", "2");
            assertThat(recorder.clientCalls).hasSize(2);
        }
    }
}
