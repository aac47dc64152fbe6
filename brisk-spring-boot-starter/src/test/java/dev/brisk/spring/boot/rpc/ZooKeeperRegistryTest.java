package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.spi.ProviderInfo;
import dev.brisk.spring.boot.rpc.consumer.Checkout;
import dev.brisk.spring.boot.rpc.consumer.ConsumerApplication;
import dev.brisk.spring.boot.rpc.internal.ClientProviders;
import dev.brisk.spring.boot.rpc.provider.ProviderApplication;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Provider and consumer Boot applications meeting in a real ZooKeeper through {@code brisk.rpc.registry.zookeeper.*}:
 * the consumer finds providers as they come and drops them as their contexts close, and health follows.
 */
class ZooKeeperRegistryTest {

    private TestingServer zooKeeper;
    private final List<ConfigurableApplicationContext> contexts = new ArrayList<>();

    @BeforeEach
    void startZooKeeper() throws Exception {
        // a 100 ms tick allows the 2 s sessions below
        zooKeeper = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 100, -1), true);
    }

    @AfterEach
    void stopAll() throws Exception {
        for (int i = contexts.size() - 1; i >= 0; i--) {
            contexts.get(i).close();
        }
        zooKeeper.close();
    }

    private ConfigurableApplicationContext run(Class<?> application, String... properties) {
        List<String> all = new ArrayList<>(List.of(
                "brisk.rpc.registry.zookeeper.connect-string=" + zooKeeper.getConnectString(),
                "brisk.rpc.registry.zookeeper.namespace=boot-test",
                "brisk.rpc.registry.zookeeper.session-timeout=2s",
                "brisk.rpc.registry.zookeeper.connection-timeout=2s",
                "brisk.rpc.registry.zookeeper.retry-base-sleep=100ms",
                "brisk.rpc.registry.zookeeper.retry-max-sleep=500ms"));
        all.addAll(List.of(properties));
        ConfigurableApplicationContext context = RpcApps.run(application, all.toArray(String[]::new));
        contexts.add(context);
        return context;
    }

    private static Set<Integer> providerPorts(ConfigurableApplicationContext consumer) {
        return consumer.getBean(ClientProviders.class).known().getOrDefault(Greeter.class.getName(), List.of())
                .stream().map(ProviderInfo::port).collect(Collectors.toSet());
    }

    @Test
    void theConsumerFollowsProvidersAsTheirContextsStartAndClose() {
        ConfigurableApplicationContext first = run(ProviderApplication.class, "sample.provider-name=first");
        ConfigurableApplicationContext consumer = run(ConsumerApplication.class);
        Greeter remote = consumer.getBean(Checkout.class).remote();
        assertThat(remote.greet("ann")).isEqualTo("hello ann from first");

        HttpResponse<String> health = RpcApps.get(consumer, "/actuator/health/rpc");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"type\":\"zookeeper\"").contains("\"connected\":true")
                .contains("\"namespace\":\"boot-test\"").contains("\"providers\":1");
        assertThat(RpcApps.get(first, "/actuator/health/rpc").body()).contains("\"status\":\"UP\"")
                .contains("\"state\":\"serving\"").contains("\"connected\":true");

        ConfigurableApplicationContext second = run(ProviderApplication.class, "sample.provider-name=second");
        int firstPort = RpcApps.rpcPort(first);
        int secondPort = RpcApps.rpcPort(second);
        RpcApps.await("the consumer knows both providers",
                () -> providerPorts(consumer).equals(Set.of(firstPort, secondPort)));
        Set<String> answering = new HashSet<>();
        RpcApps.await("both providers answer", () -> {
            String answer = remote.greet("bob");
            answering.add(answer.substring(answer.lastIndexOf(' ') + 1));
            return answering.size() == 2;
        });

        first.close();
        RpcApps.await("the consumer drops the closed provider",
                () -> providerPorts(consumer).equals(Set.of(secondPort)));
        assertThat(remote.greet("cy")).isEqualTo("hello cy from second");

        second.close();
        RpcApps.await("the consumer has no provider left", () -> providerPorts(consumer).isEmpty());
        HttpResponse<String> down = RpcApps.get(consumer, "/actuator/health/rpc");
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(down.body()).contains("\"status\":\"DOWN\"").contains("\"providers\":0");
    }

    @Test
    void aRegistryUrlFailsTheStartNamingTheConnectStringToWrite() {
        String url = "zookeeper://" + zooKeeper.getConnectString() + "?backup=127.0.0.1:1";
        assertThatThrownBy(() -> run(ConsumerApplication.class, "brisk.rpc.registry.zookeeper.connect-string=" + url))
                .hasStackTraceContaining("Invalid brisk.rpc.registry.zookeeper.connect-string: connectString is"
                        + " host:port pairs separated by commas, not a URL: '" + url + "'; write '"
                        + zooKeeper.getConnectString() + ",127.0.0.1:1'")
                .satisfies(failure -> {
                    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                        assertThat(cause).isNotInstanceOf(StackOverflowError.class);
                    }
                });
    }

    @Test
    void healthIsDownWhileZooKeeperIsUnreachable() throws Exception {
        ConfigurableApplicationContext provider = run(ProviderApplication.class);
        assertThat(RpcApps.get(provider, "/actuator/health/rpc").statusCode()).isEqualTo(200);
        zooKeeper.stop();
        RpcApps.await("health is down", () -> RpcApps.get(provider, "/actuator/health/rpc").statusCode() == 503);
        assertThat(RpcApps.get(provider, "/actuator/health/rpc").body()).contains("\"connected\":false");
        zooKeeper.restart();
        RpcApps.await("health is up again",
                () -> RpcApps.get(provider, "/actuator/health/rpc").statusCode() == 200);
    }
}
