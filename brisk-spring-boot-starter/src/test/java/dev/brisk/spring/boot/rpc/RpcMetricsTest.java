package dev.brisk.spring.boot.rpc;

import dev.brisk.micrometer.rpc.BriskRpcMetrics;
import dev.brisk.spring.boot.rpc.consumer.Checkout;
import dev.brisk.spring.boot.rpc.consumer.ConsumerApplication;
import dev.brisk.spring.boot.rpc.provider.ProviderApplication;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** The RPC server and client of Boot applications time their calls in the application's meter registry. */
class RpcMetricsTest {

    @Test
    void callsAreTimedOnBothSidesInTheApplicationsRegistry() {
        try (ConfigurableApplicationContext provider = RpcApps.run(ProviderApplication.class);
             ConfigurableApplicationContext consumer = RpcApps.run(ConsumerApplication.class,
                     "brisk.rpc.client.addresses=127.0.0.1:" + RpcApps.rpcPort(provider))) {
            Greeter remote = consumer.getBean(Checkout.class).remote();
            for (int i = 0; i < 3; i++) {
                assertThat(remote.greet("ann")).isEqualTo("hello ann from provider");
            }
            Timer client = consumer.getBean(MeterRegistry.class).find(BriskRpcMetrics.CLIENT_CALLS)
                    .tag("service", Greeter.class.getName()).tag("method", "greet").tag("outcome", "SUCCESS")
                    .timer();
            assertThat(client).as("the consumer's rpc.client.calls timer").isNotNull();
            assertThat(client.count()).isEqualTo(3);
            Timer server = provider.getBean(MeterRegistry.class).find(BriskRpcMetrics.SERVER_CALLS)
                    .tag("service", Greeter.class.getName()).tag("method", "greet").timer();
            assertThat(server).as("the provider's rpc.server.calls timer").isNotNull();
            assertThat(server.count()).isEqualTo(3);
        }
    }

    @Test
    void metricsCanBeTurnedOff() {
        try (ConfigurableApplicationContext provider = RpcApps.run(ProviderApplication.class,
                "brisk.metrics.enabled=false")) {
            assertThat(provider.getBeanProvider(BriskRpcMetrics.class).getIfAvailable()).isNull();
        }
    }
}
