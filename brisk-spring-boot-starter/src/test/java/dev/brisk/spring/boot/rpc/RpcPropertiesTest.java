package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.LoadBalance;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcClientOptions;
import dev.brisk.rpc.RpcServerOptions;
import dev.brisk.spring.boot.rpc.consumer.ConsumerApplication;
import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import dev.brisk.spring.boot.rpc.provider.ProviderApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code brisk.rpc.*} bound onto the server's and the client's options, and keys or values refused by name. */
class RpcPropertiesTest {

    /** Without a web server: the RPC properties are checked on their own. */
    private static ConfigurableApplicationContext run(Class<?> application, String... properties) {
        return new SpringApplicationBuilder(application).properties("spring.main.web-application-type=none",
                "brisk.rpc.host=127.0.0.1", "brisk.rpc.port=0", "brisk.rpc.server.io-threads=1",
                "brisk.rpc.client.io-threads=1").properties(properties).run();
    }

    @Test
    void serverPropertiesBindOntoItsOptions() {
        try (ConfigurableApplicationContext context = run(ProviderApplication.class,
                "brisk.rpc.server.worker-threads=7", "brisk.rpc.server.method-timeout=2s",
                "brisk.rpc.server.max-frame-size=1MB", "brisk.rpc.server.version=2.1",
                "brisk.rpc.server.metadata.zone=eu-1", "brisk.rpc.server.allow-packages=com.example.a,com.example.b")) {
            RpcServerOptions options = context.getBean(RpcServerLifecycle.class).server().orElseThrow().options();
            assertThat(options.host()).isEqualTo("127.0.0.1");
            assertThat(options.workerThreads()).isEqualTo(7);
            assertThat(options.methodTimeout()).isEqualTo(Duration.ofSeconds(2));
            assertThat(options.maxFrameSize()).isEqualTo(1024 * 1024);
            assertThat(options.version()).isEqualTo("2.1");
            assertThat(options.metadata()).isEqualTo(Map.of("zone", "eu-1"));
            assertThat(options.allowList().packages()).contains("com.example.a", "com.example.b");
            assertThat(options.shutdownTimeout()).isEqualTo(RpcServerOptions.DEFAULT.shutdownTimeout());
        }
    }

    @Test
    void clientPropertiesBindOntoItsOptions() {
        try (ConfigurableApplicationContext context = run(ConsumerApplication.class,
                "brisk.rpc.client.addresses=127.0.0.1:1", "brisk.rpc.client.call-timeout=1500ms",
                "brisk.rpc.client.load-balance=least_in_flight", "brisk.rpc.client.connections-per-provider=1")) {
            RpcClientOptions options = context.getBean(RpcClient.class).options();
            assertThat(options.callTimeout()).isEqualTo(Duration.ofMillis(1500));
            assertThat(options.loadBalance()).isEqualTo(LoadBalance.LEAST_IN_FLIGHT);
            assertThat(options.connectionsPerProvider()).isEqualTo(1);
            assertThat(options.ioThreads()).isEqualTo(1);
        }
    }

    @Test
    void aDurationWithoutAUnitIsMilliseconds() {
        try (ConfigurableApplicationContext context = run(ConsumerApplication.class,
                "brisk.rpc.client.addresses=127.0.0.1:1", "brisk.rpc.client.call-timeout=3000")) {
            assertThat(context.getBean(RpcClient.class).options().callTimeout()).isEqualTo(Duration.ofSeconds(3));
        }
    }

    @Test
    void aMisspeltKeyFailsNamingTheOption() {
        assertThatThrownBy(() -> run(ProviderApplication.class, "brisk.rpc.server.worker-thread=4"))
                .hasStackTraceContaining("brisk.rpc.server.worker-thread is not a Brisk property: did you mean"
                        + " brisk.rpc.server.worker-threads?");
        assertThatThrownBy(() -> run(ProviderApplication.class, "brisk.rpc.client.bananas=4"))
                .hasStackTraceContaining("brisk.rpc.client.bananas is not a Brisk property; brisk.rpc.client.* are")
                .hasStackTraceContaining("brisk.rpc.client.call-timeout");
        assertThatThrownBy(() -> run(ProviderApplication.class, "brisk.rpc.server.port=9000"))
                .hasStackTraceContaining("brisk.rpc.server.port is not read: brisk.rpc.port sets it");
    }

    @Test
    void aMisspeltKeyFailsTheWebApplicationToo() {
        assertThatThrownBy(() -> RpcApps.run(ProviderApplication.class, "brisk.rpc.client.call-timout=1s"))
                .hasStackTraceContaining("did you mean brisk.rpc.client.call-timeout?");
    }

    @Test
    void anInvalidValueFailsNamingItsProperty() {
        assertThatThrownBy(() -> run(ProviderApplication.class, "brisk.rpc.server.worker-threads=0"))
                .hasStackTraceContaining("Invalid brisk.rpc.server.worker-threads: workerThreads");
        assertThatThrownBy(() -> run(ProviderApplication.class, "brisk.rpc.port=70000"))
                .hasStackTraceContaining("Invalid brisk.rpc.port: port");
        assertThatThrownBy(() -> run(ProviderApplication.class, "brisk.rpc.registry.zookeeper.connect-string=zk:2181",
                "brisk.rpc.registry.zookeeper.namespace=a/b"))
                .hasStackTraceContaining("Invalid brisk.rpc.registry.zookeeper.namespace");
    }

    @Test
    void referencesWithoutProvidersFailNamingWhatToSet() {
        assertThatThrownBy(() -> run(ConsumerApplication.class))
                .hasStackTraceContaining("The RPC client has no providers: set brisk.rpc.client.addresses");
    }
}
