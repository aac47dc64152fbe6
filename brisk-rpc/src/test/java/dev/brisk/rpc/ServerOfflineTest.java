package dev.brisk.rpc;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link RpcServer#offline()} and {@link RpcServer#online()} with a registry: consumers stop and start calling the
 * provider as the registry tells them, the call in flight when it goes offline is answered, and the port stays open.
 */
class ServerOfflineTest {

    private final StaticRegistry registry = StaticRegistry.create();
    private RpcServer first;
    private RpcServer second;
    private RpcClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (first != null) {
            first.closeNow();
        }
        if (second != null) {
            second.closeNow();
        }
    }

    private RpcServer server(String name) {
        return RpcServer.builder().host("127.0.0.1").registry(registry).options(o -> o.advertisedHost("127.0.0.1"))
                .service(Named.class, Named.as(name)).start();
    }

    private static Set<String> answers(Named named, int calls) {
        Set<String> answered = new HashSet<>();
        for (int i = 0; i < calls; i++) {
            answered.add(named.name());
        }
        return answered;
    }

    @Test
    void anOfflineServerIsLeftByItsConsumersAndAnswersItsCallInFlightThenComesBack() throws Exception {
        first = server("first");
        second = server("second");
        client = RpcClient.builder().registry(registry).options(o -> o.loadBalance(LoadBalance.ROUND_ROBIN)).build();
        client.awaitProviders(Named.class, 2, Duration.ofSeconds(10));
        Named named = client.proxy(Named.class);
        assertThat(answers(named, 10)).containsExactlyInAnyOrder("first", "second");
        assertThat(first.state()).isEqualTo(ServerState.SERVING);
        assertThat(first.services()).containsExactly(Named.class.getName());

        CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> {
            String answer;
            do {
                answer = named.slowly(600);
            } while (!answer.equals("first"));
            return answer;
        });
        ProviderStatusTest.awaitUntil("a call is in flight on the first provider",
                () -> client.providers(Named.class).providers().stream()
                        .anyMatch(p -> p.address().endsWith(":" + first.port()) && p.inFlight() == 1));
        first.offline();
        first.offline();   // idempotent
        assertThat(first.state()).isEqualTo(ServerState.OFFLINE);
        assertThat(registry.providers(Named.class.getName())).extracting(p -> p.port())
                .containsExactly(second.port());
        assertThat(answers(named, 10)).containsExactly("second");
        assertThat(inFlight.get(5, TimeUnit.SECONDS)).isEqualTo("first");
        new Socket("127.0.0.1", first.port()).close();   // still listening

        first.online();
        first.online();   // idempotent
        assertThat(first.state()).isEqualTo(ServerState.SERVING);
        client.awaitProviders(Named.class, 2, Duration.ofSeconds(10));
        assertThat(answers(named, 10)).containsExactlyInAnyOrder("first", "second");
    }

    @Test
    void aClosedServerCannotGoOnline() {
        first = server("first");
        first.offline();
        first.close();
        assertThat(first.state()).isEqualTo(ServerState.CLOSED);
        assertThatThrownBy(first::online).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        first.offline();   // nothing to do
        assertThat(registry.providers(Named.class.getName())).isEmpty();
    }

    @Test
    void withoutARegistryOfflineOnlyChangesTheState() {
        first = RpcServer.builder().host("127.0.0.1").service(Named.class, Named.as("first")).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + first.port()).build();
        Named named = client.proxy(Named.class);
        first.offline();
        assertThat(first.state()).isEqualTo(ServerState.OFFLINE);
        assertThat(named.name()).isEqualTo("first");   // fixed addresses are not told
        first.online();
        assertThat(first.state()).isEqualTo(ServerState.SERVING);
    }
}
