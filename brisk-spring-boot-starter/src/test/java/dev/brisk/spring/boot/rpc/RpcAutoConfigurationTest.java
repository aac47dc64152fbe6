package dev.brisk.spring.boot.rpc;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.spring.boot.autoconfigure.BriskRpcAutoConfiguration;
import dev.brisk.spring.boot.rpc.internal.RpcHealthIndicator;
import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/** When the RPC auto-configuration acts, and what it makes of exported beans. */
class RpcAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BriskRpcAutoConfiguration.class))
            .withPropertyValues("brisk.rpc.host=127.0.0.1", "brisk.rpc.server.io-threads=1");

    @Test
    void nothingWithoutBriskRpc() {
        runner.withClassLoader(new FilteredClassLoader("dev.brisk.rpc"))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(RpcServerLifecycle.class)
                        .doesNotHaveBean(RpcHealthIndicator.class));
    }

    @Test
    void zooKeeperPropertiesWithoutBriskRpcZooKeeperFailSayingWhatIsMissing() {
        runner.withClassLoader(new FilteredClassLoader("dev.brisk.rpc.zookeeper"))
                .withPropertyValues("brisk.rpc.registry.zookeeper.connect-string=zk:2181")
                .run(context -> assertThat(context).getFailure().hasStackTraceContaining(
                        "brisk.rpc.registry.zookeeper.* is set, but dev.brisk:brisk-rpc-zookeeper is not on the"
                                + " class path"));
    }

    @Test
    void anApplicationThatNeitherExportsNorReferencesRunsNoServerAndMakesNoClient() {
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(RpcServerLifecycle.class).server()).isEmpty();
            assertThat(context.getBeanFactory().containsSingleton("briskRpcClient")).isFalse();
            assertThat(context.getBean(RpcHealthIndicator.class).health().getStatus()).isEqualTo(Status.UP);
        });
    }

    @Test
    void aBeanIsExportedUnderTheInterfacesItNamesAndCustomizersApply() {
        runner.withUserConfiguration(NamedExport.class).run(context -> {
            RpcServerLifecycle lifecycle = context.getBean(RpcServerLifecycle.class);
            RpcServer server = lifecycle.server().orElseThrow();
            assertThat(lifecycle.services()).containsExactly(Greeter.class.getName());
            assertThat(server.options().weight()).isEqualTo(7);
            try (RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + server.port())
                    .options(o -> o.ioThreads(1)).build()) {
                assertThat(client.proxy(Greeter.class).greet("eve")).isEqualTo("hi eve");
            }
        });
    }

    @Test
    void aProviderClassIsAComponentNamedAsItSays() {
        runner.withUserConfiguration(NamedProvider.class).run(context -> {
            assertThat(context).hasBean("greeterBean");
            assertThat(context.getBean(RpcServerLifecycle.class).services()).containsExactly(Greeter.class.getName());
        });
    }

    @Test
    void aBeanWithoutAnInterfaceToExportFailsTheStart() {
        runner.withUserConfiguration(NoInterface.class).run(context -> assertThat(context).getFailure()
                .hasStackTraceContaining("@RpcProvider bean 'plain'").hasStackTraceContaining(
                        "implements no interface to export"));
    }

    /** Exports one of two interfaces, from a {@code @Bean} method, with a customizer. */
    @Configuration(proxyBeanMethods = false)
    static class NamedExport {

        @Bean
        @RpcProvider(Greeter.class)
        GreeterAndSupplier greeter() {
            return new GreeterAndSupplier();
        }

        @Bean
        RpcServerCustomizer weight() {
            return server -> server.options(options -> options.weight(7));
        }
    }

    /** Two interfaces, one of them a service. */
    static class GreeterAndSupplier implements Greeter, Supplier<String> {

        @Override
        public String greet(String name) {
            return "hi " + name;
        }

        @Override
        public String greetSlowly(String name, long millis) {
            return greet(name);
        }

        @Override
        public String get() {
            return "not a service";
        }
    }

    /** A provider class registered as it is, under the name it gives. */
    @RpcProvider(name = "greeterBean")
    static class NamedProvider extends GreeterAndSupplier {
    }

    /** Exports a bean that implements no interface. */
    @Configuration(proxyBeanMethods = false)
    static class NoInterface {

        @Bean
        @RpcProvider
        Object plain() {
            return new Object();
        }
    }
}
