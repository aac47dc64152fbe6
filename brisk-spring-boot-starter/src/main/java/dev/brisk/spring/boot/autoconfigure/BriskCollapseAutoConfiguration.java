package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.client.CollapsingInterceptor;
import dev.brisk.collapse.micrometer.MicrometerCollapseMetrics;
import dev.brisk.collapse.rest.RouteCollapsing;
import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.internal.ClientCollapseSettings;
import dev.brisk.spring.boot.internal.CollapseSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ClassUtils;

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

    /** Name of the client collapser in the {@code collapser} tag of its meters. */
    public static final String CLIENT_METRICS_NAME = "client";

    BriskCollapseAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    RouteCollapsing briskRouteCollapsing(BriskProperties brisk, ObjectProvider<CollapseMetrics> metrics) {
        return CollapseSettings.routeCollapsing(brisk.getCollapse(), metrics.getIfUnique(() -> CollapseMetrics.NONE));
    }

    /**
     * With brisk-client present, a {@link CollapsingInterceptor} bean for the application's clients
     * ({@code BriskClient.builder().interceptor(collapsing)}), unless {@code brisk.collapse.client.enabled=false};
     * measured as {@code collapser=client} when metrics are on.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"dev.brisk.client.BriskClient", "dev.brisk.collapse.client.CollapsingInterceptor"})
    @ConditionalOnBooleanProperty(name = "brisk.collapse.client.enabled", matchIfMissing = true)
    static class Client {

        @Bean
        @ConditionalOnMissingBean
        CollapsingInterceptor briskClientCollapsing(BriskProperties brisk, ApplicationContext context) {
            boolean measured = context.getEnvironment().getProperty("brisk.metrics.enabled", Boolean.class,
                    Boolean.TRUE) && ClassUtils.isPresent("io.micrometer.core.instrument.MeterRegistry",
                    getClass().getClassLoader());
            CollapseMetrics metrics = measured ? ClientMeters.of(context) : CollapseMetrics.NONE;
            return ClientCollapseSettings.clientCollapsing(brisk.getCollapse(), metrics);
        }
    }

    /** Micrometer, touched only when it is on the class path. */
    private static final class ClientMeters {

        static CollapseMetrics of(ApplicationContext context) {
            MeterRegistry registry = context.getBeanProvider(MeterRegistry.class).getIfUnique();
            return registry == null ? CollapseMetrics.NONE : MicrometerCollapseMetrics.of(registry, CLIENT_METRICS_NAME);
        }
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
