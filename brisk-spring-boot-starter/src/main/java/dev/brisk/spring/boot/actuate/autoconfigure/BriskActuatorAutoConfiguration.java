package dev.brisk.spring.boot.actuate.autoconfigure;

import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.actuate.BriskEndpoint;
import dev.brisk.spring.boot.actuate.BriskMappingDescriptionProvider;
import dev.brisk.spring.boot.actuate.metrics.RequestMetrics;
import dev.brisk.spring.boot.actuate.metrics.ServerMeters;
import dev.brisk.spring.boot.autoconfigure.ConditionalOnBriskWebApplication;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.web.mappings.MappingDescriptionProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Brisk's own actuator parts: the {@code brisk} endpoint (state, configuration, BIZ pool resizing), Brisk's routes in
 * the {@code mappings} endpoint, and Micrometer meters (per-route request timer, connection, request, scheduler and
 * event-loop gauges) in the application's {@link MeterRegistry}.
 */
@AutoConfiguration(after = BriskWebEndpointAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus."
                + "PrometheusMetricsExportAutoConfiguration"})
@ConditionalOnClass(name = {"org.springframework.boot.actuate.endpoint.annotation.Endpoint",
        "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint"})
@ConditionalOnBriskWebApplication
public final class BriskActuatorAutoConfiguration {

    BriskActuatorAutoConfiguration() {
    }

    /** The brisk endpoint, when exposed and accessible. */
    @Configuration(proxyBeanMethods = false)
    static class Endpoints {

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint
        BriskEndpoint briskEndpoint(ApplicationContext context) {
            return new BriskEndpoint(context);
        }
    }

    @Bean
    @ConditionalOnClass(MappingDescriptionProvider.class)
    BriskMappingDescriptionProvider briskMappingDescriptionProvider() {
        return new BriskMappingDescriptionProvider();
    }

    /** Micrometer meters, unless {@code brisk.metrics.enabled=false}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    @ConditionalOnBooleanProperty(name = "brisk.metrics.enabled", matchIfMissing = true)
    static class Metrics {

        @Bean
        BriskServerCustomizer briskRequestMetrics(MeterRegistry registry) {
            return new RequestMetrics(registry, "http.server.requests")::register;
        }

        @Bean
        ServerMeters briskServerMeters(MeterRegistry registry) {
            return new ServerMeters(registry);
        }
    }
}
