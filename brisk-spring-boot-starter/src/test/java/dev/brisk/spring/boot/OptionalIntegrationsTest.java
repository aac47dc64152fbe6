package dev.brisk.spring.boot;

import dev.brisk.spring.boot.actuate.autoconfigure.BriskActuatorAutoConfiguration;
import dev.brisk.spring.boot.actuate.autoconfigure.BriskHealthWebExtensionAutoConfiguration;
import dev.brisk.spring.boot.actuate.autoconfigure.BriskWebEndpointAutoConfiguration;
import dev.brisk.spring.boot.autoconfigure.BriskWebServerAutoConfiguration;
import dev.brisk.spring.boot.test.BriskTestClientAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/** The starter's auto-configurations with and without their optional libraries, and outside a Brisk context. */
class OptionalIntegrationsTest {

    private static final AutoConfigurations ALL = AutoConfigurations.of(BriskWebServerAutoConfiguration.class,
            BriskWebEndpointAutoConfiguration.class, BriskHealthWebExtensionAutoConfiguration.class,
            BriskActuatorAutoConfiguration.class, BriskTestClientAutoConfiguration.class);

    private final ApplicationContextRunner brisk = new ApplicationContextRunner(
            BriskWebServerApplicationContext::new).withConfiguration(ALL).withPropertyValues("server.port=0");

    @Test
    void withoutActuatorMicrometerOrBriskTestOnlyTheServerIsConfigured() {
        brisk.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate", "io.micrometer",
                        "org.springframework.boot.health", "dev.brisk.test"))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(BriskWebServerFactory.class);
                    assertThat(context).doesNotHaveBean(BriskWebEndpointAutoConfiguration.class);
                    assertThat(context).doesNotHaveBean(BriskActuatorAutoConfiguration.class);
                    assertThat(context).doesNotHaveBean(BriskTestClientAutoConfiguration.class);
                    BriskWebServer server = ((BriskWebServerApplicationContext) context.getSourceApplicationContext())
                            .getWebServer();
                    assertThat(server.isListening()).isTrue();
                });
    }

    @Test
    void nothingOutsideABriskContext() {
        new ApplicationContextRunner(AnnotationConfigApplicationContext::new).withConfiguration(ALL)
                .run(context -> assertThat(context).doesNotHaveBean(BriskWebServerFactory.class));
    }

    @Test
    void nothingWhenTheApplicationTypeIsNone() {
        brisk.withPropertyValues("spring.main.web-application-type=none")
                .run(context -> assertThat(context).doesNotHaveBean(BriskWebServerFactory.class));
    }

    @Test
    void webServerFactoryCustomizerBeansApplyAfterTheProperties() {
        WebServerFactoryCustomizer<BriskWebServerFactory> customizer = factory -> factory.setServerHeader("custom");
        new ApplicationContextRunner(BriskWebServerApplicationContext::new)
                .withConfiguration(AutoConfigurations.of(BriskWebServerAutoConfiguration.class))
                .withPropertyValues("server.port=0", "server.server-header=from-properties")
                .withBean("serverHeaderCustomizer", WebServerFactoryCustomizer.class, () -> customizer)
                .run(context -> {
                    assertThat(context.getBean(BriskWebServerFactory.class).getServerHeader()).isEqualTo("custom");
                    BriskWebServer server = ((BriskWebServerApplicationContext) context.getSourceApplicationContext())
                            .getWebServer();
                    assertThat(server.server().orElseThrow().http().options().serverHeader()).contains("custom");
                });
    }

    @Test
    void theApplicationsFactoryWins() {
        BriskWebServerFactory own = new BriskWebServerFactory();
        new ApplicationContextRunner(BriskWebServerApplicationContext::new)
                .withConfiguration(AutoConfigurations.of(BriskWebServerAutoConfiguration.class))
                .withPropertyValues("server.port=0").withBean(BriskWebServerFactory.class, () -> own)
                .run(context -> assertThat(context.getBean(BriskWebServerFactory.class)).isSameAs(own));
    }
}
