package dev.brisk.rpc;

import dev.brisk.rpc.spi.ProviderInfo;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Servers register their services after binding and unregister them on close; clients follow the registry. */
class RegistryTest {

    @Test
    void aServerRegistersEachServiceAndUnregistersOnClose() {
        StaticRegistry registry = StaticRegistry.create();
        List<List<ProviderInfo>> seen = new CopyOnWriteArrayList<>();
        registry.subscribe(SlowService.class.getName(), seen::add);
        RpcServer server = RpcServer.builder().host("127.0.0.1").registry(registry).options(o -> o.weight(7)
                .version("2.1")
                .metadata(Map.of("zone", "z1"))).service(SlowService.class, new SlowServiceImpl("a")).start();
        try {
            assertThat(registry.providers(SlowService.class.getName())).containsExactly(new ProviderInfo(
                    SlowService.class.getName(), "127.0.0.1", server.port(), 7, "2.1", Map.of("zone", "z1")));
        } finally {
            server.close();
        }
        assertThat(registry.providers(SlowService.class.getName())).isEmpty();
        assertThat(seen).hasSize(3);
        assertThat(seen.get(0)).isEmpty();
        assertThat(seen.get(1)).hasSize(1);
        assertThat(seen.get(2)).isEmpty();
    }

    @Test
    void aClientFollowsProvidersAsTheyComeAndGo() {
        StaticRegistry registry = StaticRegistry.create();
        try (RpcClient client = RpcClient.builder().registry(registry)
                .options(o -> o.callTimeout(Duration.ofSeconds(5))).build()) {
            SlowService slow = client.proxy(SlowService.class);
            assertThatThrownBy(() -> slow.quick("none")).isInstanceOf(NoProviderException.class)
                    .hasMessageContaining(SlowService.class.getName());

            RpcServer server = RpcServer.builder().host("127.0.0.1").registry(registry)
                    .service(SlowService.class, new SlowServiceImpl("a")).start();
            try {
                assertThat(slow.quick("x")).isEqualTo("a:x");
            } finally {
                server.close();
            }
            assertThatThrownBy(() -> slow.quick("gone")).isInstanceOf(NoProviderException.class);
        }
    }

    @Test
    void staticAddressesAreValidated() {
        assertThatThrownBy(() -> StaticRegistry.of(" , ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one host:port");
        assertThatThrownBy(() -> StaticRegistry.of("localhost")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("address must be host:port: 'localhost'");
        assertThatThrownBy(() -> StaticRegistry.of("h:99999")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[1, 65535]");
        assertThat(StaticRegistry.of("h1:1, [::1]:2").providers("s"))
                .extracting(ProviderInfo::address).containsExactly("h1:1", "[::1]:2");
    }
}
