package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.RpcClient;
import dev.brisk.spring.boot.rpc.consumer.ConsumerApplication;
import dev.brisk.spring.boot.rpc.provider.ProviderApplication;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code brisk.rpc.client.await-providers}: the start waits for the references' providers before the web server
 * starts, and fails naming the service when they do not come in time.
 */
class RpcReadinessTest {

    @Test
    void theStartWaitsUntilTheReferencedServiceHasItsProviders() {
        try (ConfigurableApplicationContext provider = RpcApps.run(ProviderApplication.class);
             ConfigurableApplicationContext consumer = RpcApps.run(ConsumerApplication.class,
                     "brisk.rpc.client.addresses=127.0.0.1:" + RpcApps.rpcPort(provider),
                     "brisk.rpc.client.await-providers=1", "brisk.rpc.client.await-providers-timeout=20s")) {
            // at once after the start, without a call: the connection said hello before the web server started
            assertThat(consumer.getBean(RpcClient.class).providers(Greeter.class).ready()).isEqualTo(1);
            assertThat(RpcApps.get(consumer, "/actuator/health").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void theStartFailsNamingTheServiceWhenItsProvidersDoNotComeInTime() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        assertThatThrownBy(() -> RpcApps.run(ConsumerApplication.class, "brisk.rpc.client.addresses=127.0.0.1:"
                + closed, "brisk.rpc.client.await-providers=1", "brisk.rpc.client.await-providers-timeout=500ms"))
                .hasStackTraceContaining("The RPC service " + Greeter.class.getName() + " did not get the 1"
                        + " provider(s) brisk.rpc.client.await-providers asks for within"
                        + " brisk.rpc.client.await-providers-timeout (PT0.5S)");
    }

    @Test
    void aNegativeCountFailsNamingItsProperty() {
        assertThatThrownBy(() -> RpcApps.run(ConsumerApplication.class, "brisk.rpc.client.addresses=127.0.0.1:1",
                "brisk.rpc.client.await-providers=-1"))
                .hasStackTraceContaining("Invalid brisk.rpc.client.await-providers");
    }
}
