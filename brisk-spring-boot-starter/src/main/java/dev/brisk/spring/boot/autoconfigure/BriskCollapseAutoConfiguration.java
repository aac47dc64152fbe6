package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.micrometer.MicrometerCollapseMetrics;
import dev.brisk.collapse.rest.RouteCollapsing;
import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.internal.CollapseSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Request collapsing of GET routes, when the application has brisk-collapse: a {@link RouteCollapsing} bean built from
 * {@code brisk.collapse.*}, which the server registers as an interceptor. It collapses only the routes annotated with
 * {@code @Collapse} or listed in {@code brisk.collapse.routes}, so it is on unless
 * {@code brisk.collapse.enabled=false}; a {@code RouteCollapsing} bean of the application's own replaces it. With a Micrometer {@code MeterRegistry} its
 * calls are measured ({@code brisk.collapse.*} meters, tag {@code collapser=routes}); a {@link CollapseMetrics} bean
 * of the application's own replaces those.
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus."
                + "PrometheusMetricsExportAutoConfiguration"})
@ConditionalOnClass(RouteCollapsing.class)
@ConditionalOnBriskWebApplication
@ConditionalOnBooleanProperty(name = "brisk.collapse.enabled", matchIfMissing = true)
public final class BriskCollapseAutoConfiguration {

    /** Name of the collapser in the {@code collapser} tag of its meters. */
    public static final String METRICS_NAME = "routes";

    BriskCollapseAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    RouteCollapsing briskRouteCollapsing(BriskProperties brisk, ObjectProvider<CollapseMetrics> metrics) {
        return CollapseSettings.routeCollapsing(brisk.getCollapse(), metrics.getIfUnique(() -> CollapseMetrics.NONE));
    }

    /** The collapser's meters in the application's registry, unless {@code brisk.metrics.enabled=false}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    @ConditionalOnBean(MeterRegistry.class)
    @ConditionalOnBooleanProperty(name = "brisk.metrics.enabled", matchIfMissing = true)
    static class Metrics {

        @Bean
        @ConditionalOnMissingBean
        CollapseMetrics briskCollapseMetrics(MeterRegistry registry) {
            return MicrometerCollapseMetrics.of(registry, METRICS_NAME);
        }
    }
}
