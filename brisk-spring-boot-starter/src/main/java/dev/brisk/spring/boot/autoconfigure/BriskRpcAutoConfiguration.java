package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.RpcServer;
import dev.brisk.rpc.spi.Registry;
import dev.brisk.spring.boot.rpc.RpcClientCustomizer;
import dev.brisk.spring.boot.rpc.RpcEndpoint;
import dev.brisk.spring.boot.rpc.RpcProvider;
import dev.brisk.spring.boot.rpc.RpcReference;
import dev.brisk.spring.boot.rpc.RpcServerCustomizer;
import dev.brisk.spring.boot.rpc.internal.ClientProviders;
import dev.brisk.spring.boot.rpc.internal.ExistingRpcClient;
import dev.brisk.spring.boot.rpc.internal.ProviderReadiness;
import dev.brisk.spring.boot.rpc.internal.ReferenceFieldInjector;
import dev.brisk.spring.boot.rpc.internal.ReferenceRegistrar;
import dev.brisk.spring.boot.rpc.internal.RpcHealthIndicator;
import dev.brisk.spring.boot.rpc.internal.RpcServerLifecycle;
import dev.brisk.spring.boot.rpc.internal.RpcSettings;
import dev.brisk.spring.boot.rpc.internal.ZooKeeperConnection;
import dev.brisk.spring.boot.rpc.internal.ZooKeeperSettings;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;

/**
 * Brisk RPC in the application, when it has brisk-rpc: beans annotated {@link RpcProvider} are exported on one
 * {@link RpcServer} that runs in the context's lifecycle, injection points marked {@link RpcReference} get proxies of
 * one {@link RpcClient} (made on first use, closed with the context), both configured by {@code brisk.rpc.*} and the
 * {@link RpcServerCustomizer} and {@link RpcClientCustomizer} beans. With brisk-rpc-zookeeper and
 * {@code brisk.rpc.registry.zookeeper.connect-string}, both use a ZooKeeper registry; a {@link Registry} bean of the
 * application's replaces it. With Actuator, an {@code rpc} health indicator and an {@code rpc} endpoint (the server's
 * state and the references' providers; offline and online). With {@code brisk.rpc.client.await-providers}, the start
 * waits for the references' providers. Every key under {@code brisk.rpc} is checked at start-up.
 */
@AutoConfiguration
@ConditionalOnClass(RpcServer.class)
public final class BriskRpcAutoConfiguration {

    BriskRpcAutoConfiguration(Environment environment, ConfigurableListableBeanFactory beans) {
        if (environment instanceof ConfigurableEnvironment configurable) {
            RpcSettings.verify(configurable, beans.getBeanClassLoader() != null ? beans.getBeanClassLoader()
                    : BriskRpcAutoConfiguration.class.getClassLoader());
        }
    }

    @Bean
    static ReferenceRegistrar briskRpcReferenceRegistrar() {
        return new ReferenceRegistrar();
    }

    @Bean
    static ReferenceFieldInjector briskRpcReferenceFieldInjector() {
        return new ReferenceFieldInjector();
    }

    @Bean
    RpcServerLifecycle briskRpcServer(ListableBeanFactory beans, Environment environment,
                                      ObjectProvider<Registry> registry,
                                      ObjectProvider<RpcServerCustomizer> customizers) {
        return new RpcServerLifecycle(beans, environment, registry, customizers);
    }

    @Bean
    ExistingRpcClient briskRpcExistingClient(ConfigurableListableBeanFactory beans) {
        return new ExistingRpcClient(beans);
    }

    /** Holds the start until the references have {@code brisk.rpc.client.await-providers} providers. */
    @Bean
    ProviderReadiness briskRpcProviderReadiness(ConfigurableListableBeanFactory beans, Environment environment) {
        return new ProviderReadiness(beans, RpcSettings.awaitProviders(Binder.get(environment)));
    }

    @Bean(destroyMethod = "close")
    ClientProviders briskRpcClientProviders(Environment environment, ObjectProvider<Registry> registry) {
        return RpcSettings.addresses(Binder.get(environment)).map(ClientProviders::of)
                .orElseGet(() -> {
                    Registry unique = registry.getIfUnique();
                    return unique != null ? ClientProviders.of(unique) : ClientProviders.none();
                });
    }

    /** Made when first needed (a proxy injected, or the client itself), so an application without references has none. */
    @Bean(destroyMethod = "close")
    @Lazy
    @ConditionalOnMissingBean
    RpcClient briskRpcClient(Environment environment, ClientProviders providers,
                             ObjectProvider<RpcClientCustomizer> customizers) {
        RpcClient.Builder client = RpcSettings.client(Binder.get(environment)).registry(providers.registry());
        customizers.orderedStream().forEach(customizer -> customizer.customize(client));
        return client.build();
    }

    /** The ZooKeeper registry of {@code brisk.rpc.registry.zookeeper.*}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "dev.brisk.rpc.zookeeper.ZooKeeperRegistry")
    @ConditionalOnProperty(prefix = "brisk.rpc.registry.zookeeper", name = "connect-string")
    @ConditionalOnMissingBean(Registry.class)
    static class ZooKeeperRegistryConfiguration {

        @Bean(destroyMethod = "close")
        ZooKeeperConnection briskRpcZooKeeper(Environment environment) {
            return ZooKeeperConnection.open(ZooKeeperSettings.options(Binder.get(environment)));
        }

        /** Closed by its connection. */
        @Bean(destroyMethod = "")
        Registry briskRpcRegistry(ZooKeeperConnection connection) {
            return connection.registry();
        }
    }

    /** The {@code rpc} health indicator. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnEnabledHealthIndicator("rpc")
    static class RpcHealthConfiguration {

        @Bean
        RpcHealthIndicator rpcHealthIndicator(RpcServerLifecycle server, ClientProviders providers,
                                              ObjectProvider<ZooKeeperConnection> zooKeeper,
                                              ExistingRpcClient client) {
            return new RpcHealthIndicator(server, providers, zooKeeper, client);
        }
    }

    /** The {@code rpc} actuator endpoint. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"org.springframework.boot.actuate.endpoint.annotation.Endpoint",
            "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint"})
    static class RpcEndpointConfiguration {

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint
        RpcEndpoint rpcEndpoint(RpcServerLifecycle server, ExistingRpcClient client) {
            return new RpcEndpoint(server, client);
        }
    }
}
