package dev.brisk.rpc;

import dev.brisk.rpc.Nodes.GatedNode;
import dev.brisk.rpc.Nodes.Node;
import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.rpc.spi.Registry;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Waiting for providers: {@code awaitProviders}, and first calls made while providers are still being found. */
class ReadinessTest {

    @Test
    void awaitProvidersReturnsOnceTheyAreConnected() {
        try (RpcServer a = server("a"); RpcServer b = server("b");
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + a.port() + ",127.0.0.1:" + b.port())
                     .build()) {
            client.awaitProviders(Node.class, 2, Duration.ofSeconds(10));
            client.awaitProviders(Node.class, 2, Duration.ZERO);
            assertThat(client.proxy(Node.class).name(1)).isIn("a", "b");
        }
    }

    @Test
    void awaitProvidersFailsClearlyWhenTooFewConnectInTime() throws IOException {
        int nobody = freePort();
        try (RpcServer a = server("a");
             RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + a.port() + ",127.0.0.1:" + nobody)
                     .build()) {
            assertThatThrownBy(() -> client.awaitProviders(Node.class, 2, Duration.ofMillis(500)))
                    .isInstanceOf(NoProviderException.class)
                    .hasMessageContaining("1 of the 2 providers of " + Node.class.getName())
                    .hasMessageContaining("within 500 ms")
                    .hasMessageContaining("127.0.0.1:" + nobody);
            client.awaitProviders(Node.class, 1, Duration.ofSeconds(10));
        }
    }

    @Test
    void awaitProvidersChecksItsArguments() {
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:1").build()) {
            assertThatThrownBy(() -> client.awaitProviders(Node.class, 0, Duration.ofSeconds(1)))
                    .hasMessage("count must be positive: 0");
            assertThatThrownBy(() -> client.awaitProviders(Node.class, 1, Duration.ofSeconds(-1)))
                    .hasMessage("timeout must not be negative: PT-1S");
        }
    }

    @Test
    void aFirstCallWaitsForAProviderThatIsStillStarting() throws Exception {
        int port = freePort();
        try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + port).build()) {
            Node node = client.proxy(Node.class);
            CompletableFuture<RpcServer> late = CompletableFuture.supplyAsync(() -> {
                sleep(300);
                return RpcServer.builder().host("127.0.0.1").port(port).service(Node.class, new GatedNode("late"))
                        .start();
            }, TestThreads.EXECUTOR);
            try {
                assertThat(node.name(1)).isEqualTo("late");
            } finally {
                late.get(10, TimeUnit.SECONDS).close();
            }
        }
    }

    @Test
    void aFirstCallWaitsForTheRegistrysFirstAnswer() {
        try (RpcServer a = server("a")) {
            Registry late = new Registry() {
                @Override
                public void register(ProviderInfo provider) {
                }

                @Override
                public void unregister(ProviderInfo provider) {
                }

                @Override
                public Subscription subscribe(String service, ProviderListener listener) {
                    // answers after subscribe returned, as a registry that reads its server does
                    CompletableFuture.runAsync(() -> {
                        sleep(300);
                        listener.providersChanged(List.of(ProviderInfo.of(service, "127.0.0.1", a.port())));
                    }, TestThreads.EXECUTOR);
                    return () -> { };
                }

                @Override
                public void close() {
                }
            };
            try (RpcClient client = RpcClient.builder().registry(late).build()) {
                assertThat(client.proxy(Node.class).name(1)).isEqualTo("a");
            }
        }
    }

    private static RpcServer server(String name) {
        return RpcServer.builder().host("127.0.0.1").service(Node.class, new GatedNode(name)).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
