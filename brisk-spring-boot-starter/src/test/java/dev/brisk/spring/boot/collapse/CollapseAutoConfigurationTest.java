package dev.brisk.spring.boot.collapse;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.rest.RouteCollapsing;
import dev.brisk.collapse.spring.CollapsingExchangeFilter;
import dev.brisk.collapse.spring.CollapsingRequestInterceptor;
import dev.brisk.spring.boot.BriskWebServerApplicationContext;
import dev.brisk.spring.boot.autoconfigure.BriskCollapseAutoConfiguration;
import dev.brisk.spring.boot.autoconfigure.BriskWebServerAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.web.client.RestTemplate;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import dev.brisk.micrometer.collapse.MicrometerCollapseMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import static org.assertj.core.api.Assertions.assertThat;

/** When the collapsing auto-configuration acts, and when the application's own beans win. */
class CollapseAutoConfigurationTest {

    private final ApplicationContextRunner brisk = new ApplicationContextRunner(
            BriskWebServerApplicationContext::new)
            .withConfiguration(AutoConfigurations.of(BriskWebServerAutoConfiguration.class,
                    BriskCollapseAutoConfiguration.class))
            .withPropertyValues("server.port=0");

    @Test
    void aRouteCollapsingBeanWithBriskCollapseOnTheClassPath() {
        brisk.run(context -> assertThat(context).hasSingleBean(RouteCollapsing.class)
                .doesNotHaveBean(CollapseMetrics.class));
    }

    @Test
    void nothingWithoutBriskCollapse() {
        brisk.withClassLoader(new FilteredClassLoader("dev.brisk.collapse"))
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean(BriskCollapseAutoConfiguration.class));
    }

    @Test
    void theApplicationsRouteCollapsingWins() {
        RouteCollapsing own = RouteCollapsing.builder().routes("/own").build();
        brisk.withBean(RouteCollapsing.class, () -> own)
                .run(context -> assertThat(context.getBean(RouteCollapsing.class)).isSameAs(own));
    }

    @Test
    void aCollapseMetricsBeanOfTheApplicationIsLeftToItsOwnCollapsers() {
        CollapseMetrics own = new CollapseMetrics() {
        };
        // the application keeps it as a bean to give it to a collapser of its own: the routes' calls are not its
        brisk.withBean(CollapseMetrics.class, () -> own).run(context -> assertThat(
                context.getBean(RouteCollapsing.class).options().singleFlight().metrics()).isNotSameAs(own));
    }

    @Test
    void theRoutesAreMeasuredUnderTheirOwnNameBesideTheApplicationsCollapseMetrics() {
        SimpleMeterRegistry registry =
                new SimpleMeterRegistry();
        brisk.withBean(MeterRegistry.class, () -> registry)
                .withBean(CollapseMetrics.class, () -> MicrometerCollapseMetrics
                        .of(registry, "inventory"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(registry.find("brisk.collapse.in.flight").tag("collapser", "routes").gauge())
                            .isNotNull();
                });
    }

    @Test
    void theSpringClientCollapsersAreOfferedButAddedToBootsBuildersOnlyWhenAsked() {
        brisk.run(context -> {
            assertThat(context).hasSingleBean(CollapsingRequestInterceptor.class)
                    .hasSingleBean(CollapsingExchangeFilter.class)
                    .doesNotHaveBean(RestClientCustomizer.class).doesNotHaveBean(RestTemplateCustomizer.class)
                    .doesNotHaveBean(WebClientCustomizer.class);
        });
        brisk.withPropertyValues("brisk.collapse.client.rest-client.enabled=true",
                        "brisk.collapse.client.rest-template.enabled=true",
                        "brisk.collapse.client.web-client.enabled=true")
                .run(context -> assertThat(context).hasBean("briskRestClientCollapsing")
                        .hasBean("briskRestTemplateCollapsing").hasBean("briskWebClientCollapsing"));
    }

    @Test
    void theSpringClientCollapsersGoWithBriskCollapseClientEnabled() {
        brisk.withPropertyValues("brisk.collapse.client.enabled=false", "brisk.collapse.client.rest-client.enabled=true",
                        "brisk.collapse.client.web-client.enabled=true")
                .run(context -> assertThat(context).hasNotFailed()
                        .doesNotHaveBean(CollapsingRequestInterceptor.class)
                        .doesNotHaveBean(CollapsingExchangeFilter.class)
                        .doesNotHaveBean(RestClientCustomizer.class).doesNotHaveBean(WebClientCustomizer.class));
    }

    @Test
    void withoutWebFluxOnlyTheInterceptorIsOffered() {
        brisk.withClassLoader(new FilteredClassLoader("org.springframework.web.reactive", "reactor.",
                        "org.springframework.boot.webclient"))
                .withPropertyValues("brisk.collapse.client.rest-client.enabled=true",
                        "brisk.collapse.client.web-client.enabled=true")
                .run(context -> assertThat(context).hasNotFailed()
                        .hasSingleBean(CollapsingRequestInterceptor.class)
                        .doesNotHaveBean(CollapsingExchangeFilter.class)
                        .hasBean("briskRestClientCollapsing").doesNotHaveBean("briskWebClientCollapsing"));
    }

    @Test
    void theApplicationsOwnSpringClientCollapsersWinAndAreTheOnesAdded() {
        CollapsingRequestInterceptor own = CollapsingRequestInterceptor.create();
        brisk.withBean(CollapsingRequestInterceptor.class, () -> own)
                .withPropertyValues("brisk.collapse.client.rest-template.enabled=true")
                .run(context -> {
                    assertThat(context.getBean(CollapsingRequestInterceptor.class)).isSameAs(own);
                    RestTemplate template = new RestTemplate();
                    context.getBean(RestTemplateCustomizer.class).customize(template);
                    assertThat(template.getInterceptors()).containsExactly(own);
                });
    }

    @Test
    void theSpringClientCollapsersAreMeasuredUnderTheirOwnNames() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        brisk.withBean(MeterRegistry.class, () -> registry).run(context -> {
            assertThat(context).hasNotFailed();
            context.getBean(CollapsingRequestInterceptor.class);
            context.getBean(CollapsingExchangeFilter.class);
            assertThat(registry.find("brisk.collapse.in.flight").tag("collapser", "spring-client").gauge())
                    .isNotNull();
            assertThat(registry.find("brisk.collapse.in.flight").tag("collapser", "web-client").gauge())
                    .isNotNull();
        });
    }
}
