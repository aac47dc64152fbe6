package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.RpcClient;
import dev.brisk.spring.boot.rpc.provider.ProviderApplication;
import dev.brisk.spring.boot.rpc.selection.SelectingApplication;
import dev.brisk.spring.boot.rpc.selection.Selections;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ConfigurableApplicationContext;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two provider applications of different releases and groups, and a consumer whose {@code @RpcReference}s choose
 * among them by version and group; the providers' version and group are plain {@code brisk.rpc.server.*} properties.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RpcReferenceSelectionTest {

    private ConfigurableApplicationContext old;
    private ConfigurableApplicationContext blue;
    private ConfigurableApplicationContext consumer;

    @BeforeAll
    void start() {
        old = RpcApps.run(ProviderApplication.class, "sample.provider-name=old", "brisk.rpc.server.version=1.0.0");
        blue = RpcApps.run(ProviderApplication.class, "sample.provider-name=blue", "brisk.rpc.server.version=2.1.0",
                "brisk.rpc.server.group=blue");
        consumer = RpcApps.run(SelectingApplication.class, "brisk.rpc.client.addresses=127.0.0.1:"
                + RpcApps.rpcPort(old) + ",127.0.0.1:" + RpcApps.rpcPort(blue));
        consumer.getBean(RpcClient.class).awaitProviders(Greeter.class, 2, Duration.ofSeconds(10));
    }

    @AfterAll
    void stop() {
        for (ConfigurableApplicationContext context : new ConfigurableApplicationContext[] {consumer, blue, old}) {
            if (context != null) {
                context.close();
            }
        }
    }

    private static Set<String> answering(Greeter greeter) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            String answer = greeter.greet("x");
            names.add(answer.substring(answer.lastIndexOf(' ') + 1));
        }
        return names;
    }

    @Test
    void eachReferenceCallsTheProvidersItChose() {
        Selections selections = consumer.getBean(Selections.class);
        assertThat(answering(selections.plain())).containsExactly("old");
        assertThat(answering(selections.blue())).containsExactly("blue");
        assertThat(answering(selections.everyGroup())).containsExactlyInAnyOrder("old", "blue");
    }

    @Test
    void injectionPointsThatChooseAlikeShareOneProxyAndOthersGetTheirOwn() {
        Selections selections = consumer.getBean(Selections.class);
        @SuppressWarnings("unchecked")
        Supplier<Greeter> blueSupplier = consumer.getBean("blueSupplier", Supplier.class);
        assertThat(blueSupplier.get()).isSameAs(selections.blue());
        assertThat(selections.plain()).isNotSameAs(selections.blue()).isNotSameAs(selections.everyGroup())
                .isSameAs(consumer.getBean(RpcClient.class).proxy(Greeter.class));
        assertThat(selections.blue()).isSameAs(consumer.getBean(RpcClient.class)
                .proxy(Greeter.class, ref -> ref.version("[2.0,3.0)").group("blue")));
        assertThat(consumer.getBean("rpcReference:" + Greeter.class.getName() + "[version=[2.0,3.0), group=blue]"))
                .isSameAs(selections.blue());
    }
}
