package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.client.CollapsingInterceptor;
import dev.brisk.collapse.rest.RouteCollapsing;
import dev.brisk.collapse.spring.CollapsingExchangeFilter;
import dev.brisk.collapse.spring.CollapsingRequestInterceptor;
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
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.webclient.WebClientCustomizer;
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
 * of the application's own are for its own collapsers and change nothing here. The client collapsers (brisk-client,
 * RestClient and RestTemplate, WebClient) are offered as beans when their libraries are present.
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

    /** Name of the RestClient and RestTemplate collapser in the {@code collapser} tag of its meters. */
    public static final String SPRING_CLIENT_METRICS_NAME = "spring-client";

    /** Name of the WebClient collapser in the {@code collapser} tag of its meters. */
    public static final String WEB_CLIENT_METRICS_NAME = "web-client";

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
     * With spring-web present, a {@link CollapsingRequestInterceptor} bean for the application's {@code RestClient}s
     * and {@code RestTemplate}s, unless {@code brisk.collapse.client.enabled=false}; measured as
     * {@code collapser=spring-client}. Added to the builders Spring Boot makes only when
     * {@code brisk.collapse.client.rest-client.enabled} or {@code brisk.collapse.client.rest-template.enabled} says so:
     * an application adds its own interceptors to a builder after the customizers ran, and those that add credentials
     * must come before the collapser, whose key would otherwise not see them.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"org.springframework.http.client.ClientHttpRequestInterceptor",
            "dev.brisk.collapse.spring.CollapsingRequestInterceptor"})
    @ConditionalOnBooleanProperty(name = "brisk.collapse.client.enabled", matchIfMissing = true)
    static class SpringClients {

        @Bean
        @ConditionalOnMissingBean
        CollapsingRequestInterceptor briskRequestCollapsing(BriskProperties brisk, ApplicationContext context) {
            return CollapsingRequestInterceptor.create(CollapseSettings.clientOptions(brisk.getCollapse(),
                    Meters.of(context, SPRING_CLIENT_METRICS_NAME)));
        }

        /** Adds the interceptor to every {@code RestClient.Builder} bean, when it is made. */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = {"org.springframework.boot.restclient.RestClientCustomizer",
                "org.springframework.web.client.RestClient"})
        @ConditionalOnBooleanProperty(name = "brisk.collapse.client.rest-client.enabled")
        static class RestClientBuilders {

            @Bean
            RestClientCustomizer briskRestClientCollapsing(CollapsingRequestInterceptor collapsing) {
                return builder -> builder.requestInterceptor(collapsing);
            }
        }

        /** Adds the interceptor to every {@code RestTemplate} built by the builder bean, after its own. */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = {"org.springframework.boot.restclient.RestTemplateCustomizer",
                "org.springframework.web.client.RestTemplate"})
        @ConditionalOnBooleanProperty(name = "brisk.collapse.client.rest-template.enabled")
        static class RestTemplates {

            @Bean
            RestTemplateCustomizer briskRestTemplateCollapsing(CollapsingRequestInterceptor collapsing) {
                return template -> template.getInterceptors().add(collapsing);
            }
        }
    }

    /**
     * With spring-webflux present, a {@link CollapsingExchangeFilter} bean for the application's {@code WebClient}s,
     * unless {@code brisk.collapse.client.enabled=false}; measured as {@code collapser=web-client}. Added to the
     * {@code WebClient.Builder} beans only when {@code brisk.collapse.client.web-client.enabled} says so (see
     * {@link SpringClients} for why).
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = {"org.springframework.web.reactive.function.client.WebClient",
            "dev.brisk.collapse.spring.CollapsingExchangeFilter"})
    @ConditionalOnBooleanProperty(name = "brisk.collapse.client.enabled", matchIfMissing = true)
    static class WebClients {

        @Bean
        @ConditionalOnMissingBean
        CollapsingExchangeFilter briskExchangeCollapsing(BriskProperties brisk, ApplicationContext context) {
            return CollapsingExchangeFilter.create(CollapseSettings.clientOptions(brisk.getCollapse(),
                    Meters.of(context, WEB_CLIENT_METRICS_NAME)));
        }

        /** Adds the filter to every {@code WebClient.Builder} bean, when it is made. */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = "org.springframework.boot.webclient.WebClientCustomizer")
        @ConditionalOnBooleanProperty(name = "brisk.collapse.client.web-client.enabled")
        static class WebClientBuilders {

            @Bean
            WebClientCustomizer briskWebClientCollapsing(CollapsingExchangeFilter collapsing) {
                return builder -> builder.filter(collapsing);
            }
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
