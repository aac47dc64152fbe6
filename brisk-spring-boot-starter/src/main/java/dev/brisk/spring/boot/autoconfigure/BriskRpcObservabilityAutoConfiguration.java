package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.micrometer.rpc.BriskRpcMetrics;
import dev.brisk.rpc.RpcServer;
import dev.brisk.spring.boot.rpc.RpcClientCustomizer;
import dev.brisk.spring.boot.rpc.RpcServerCustomizer;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Meters and spans of the application's RPC server and client. With Micrometer, brisk-micrometer and a
 * {@code MeterRegistry} bean, a {@link BriskRpcMetrics} observer on both ({@code rpc.server.calls},
 * {@code rpc.client.calls}, ejections...), unless {@code brisk.metrics.enabled=false}; a {@code BriskRpcMetrics} bean
 * of the application's own replaces it. With {@code brisk.tracing.enabled} and {@code brisk.tracing.open-telemetry}
 * (the HTTP server's tracing properties), OpenTelemetry client and server spans of every call.
 */
@AutoConfiguration(after = BriskRpcAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus."
                + "PrometheusMetricsExportAutoConfiguration"})
@ConditionalOnClass(RpcServer.class)
public final class BriskRpcObservabilityAutoConfiguration {

    BriskRpcObservabilityAutoConfiguration() {
    }

    /** The Micrometer observer, on the server and the client. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({MeterRegistry.class, BriskRpcMetrics.class})
    @ConditionalOnBean(MeterRegistry.class)
    @ConditionalOnBooleanProperty(name = "brisk.metrics.enabled", matchIfMissing = true)
    static class RpcMetricsConfiguration {

        @Bean
        @ConditionalOnMissingBean
        BriskRpcMetrics briskRpcMetrics(MeterRegistry registry) {
            return BriskRpcMetrics.of(registry);
        }

        @Bean
        RpcServerCustomizer briskRpcServerMetrics(BriskRpcMetrics metrics) {
            return server -> server.observer(metrics);
        }

        @Bean
        RpcClientCustomizer briskRpcClientMetrics(BriskRpcMetrics metrics) {
            return client -> client.observer(metrics);
        }
    }

    /** OpenTelemetry spans of calls, when the server's tracing asks for OpenTelemetry. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.opentelemetry.api.GlobalOpenTelemetry")
    @ConditionalOnBooleanProperty(name = {"brisk.tracing.enabled", "brisk.tracing.open-telemetry"})
    static class RpcTracingConfiguration {

        @Bean
        RpcServerCustomizer briskRpcServerTracing() {
            return server -> server.openTelemetry(true);
        }

        @Bean
        RpcClientCustomizer briskRpcClientTracing() {
            return client -> client.openTelemetry(true);
        }
    }
}
