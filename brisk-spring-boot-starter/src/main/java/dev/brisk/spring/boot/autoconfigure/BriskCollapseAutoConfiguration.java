package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.client.CollapsingInterceptor;
import dev.brisk.collapse.rest.RouteCollapsing;
import dev.brisk.micrometer.collapse.MicrometerCollapseMetrics;
import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.internal.ClientCollapseSettings;
import dev.brisk.spring.boot.internal.CollapseSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.ClassUtils;

/**
 * Request collapsing of GET routes, when the application has brisk-collapse: a {@link RouteCollapsing} bean built from
 * {@code brisk.collapse.*}, which the server registers as an interceptor. It collapses only the routes annotated with
 * {@code @Collapse} or listed in {@code brisk.collapse.routes}, so it is on unless
 * {@code brisk.collapse.enabled=false}; a {@code RouteCollapsing} bean of the application's own replaces it. With a Micrometer {@code MeterRegistry} its
 * calls are measured ({@code brisk.collapse.*} meters, tag {@code collapser=routes}); {@link CollapseMetrics} beans
 * of the application's own are for its own collapsers and change nothing here.
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

    private static final System.Logger LOG = System.getLogger("dev.brisk.spring.boot");

    BriskCollapseAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    RouteCollapsing briskRouteCollapsing(BriskProperties brisk, ApplicationContext context) {
        return CollapseSettings.routeCollapsing(brisk.getCollapse(), Meters.of(context, METRICS_NAME));
    }

    /** Installs the route collapsing (ours or the application's) on the server. */
    @Bean
    BriskServerCustomizer briskRouteCollapsingFeature(RouteCollapsing collapsing) {
        return server -> server.feature(collapsing);
    }

    /** Once the server runs: a warning for each {@code brisk.collapse.routes} entry that matches no GET route. */
    @Bean
    ApplicationListener<ApplicationReadyEvent>
            briskCollapseRoutesCheck(ObjectProvider<RouteCollapsing> collapsing) {
        return ready -> collapsing.ifAvailable(routes -> routes.unmatchedRoutes().forEach(template ->
                LOG.log(System.Logger.Level.WARNING, "brisk.collapse.routes: '" + template + "' matches no GET route"
                        + " (templates must be written as mapped, e.g. /users/{id}, without the context path):"
                        + " nothing is collapsed for it")));
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
            return ClientCollapseSettings.clientCollapsing(brisk.getCollapse(),
                    Meters.of(context, CLIENT_METRICS_NAME));
        }
    }

    /**
     * The meters of one of the starter's collapsers ({@code collapser=<name>}) in the application's registry, unless
     * {@code brisk.metrics.enabled=false} or Micrometer is absent. Not beans: a {@code CollapseMetrics} bean the
     * application makes for a collapser of its own must not take over these.
     */
    private static final class Meters {

        static CollapseMetrics of(ApplicationContext context, String name) {
            boolean measured = context.getEnvironment().getProperty("brisk.metrics.enabled", Boolean.class,
                    Boolean.TRUE) && ClassUtils.isPresent("io.micrometer.core.instrument.MeterRegistry",
                    Meters.class.getClassLoader());
            return measured ? Micrometer.of(context, name) : CollapseMetrics.NONE;
        }
    }

    /** Micrometer, touched only when it is on the class path. */
    private static final class Micrometer {

        static CollapseMetrics of(ApplicationContext context, String name) {
            MeterRegistry registry = context.getBeanProvider(MeterRegistry.class).getIfUnique();
            return registry == null ? CollapseMetrics.NONE : MicrometerCollapseMetrics.of(registry, name);
        }
    }
}
