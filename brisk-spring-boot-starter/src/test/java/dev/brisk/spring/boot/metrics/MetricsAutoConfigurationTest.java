package dev.brisk.spring.boot.metrics;

import dev.brisk.micrometer.BriskMetrics;
import dev.brisk.spring.boot.BriskWebServer;
import dev.brisk.spring.boot.BriskWebServerApplicationContext;
import dev.brisk.spring.boot.autoconfigure.BriskMetricsAutoConfiguration;
import dev.brisk.spring.boot.autoconfigure.BriskWebServerAutoConfiguration;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** When Brisk's meters are bound to the application's MeterRegistry, and what {@code brisk.metrics.*} changes. */
class MetricsAutoConfigurationTest {

    private final ApplicationContextRunner brisk = new ApplicationContextRunner(
            BriskWebServerApplicationContext::new)
            .withConfiguration(AutoConfigurations.of(BriskWebServerAutoConfiguration.class,
                    BriskMetricsAutoConfiguration.class))
            .withPropertyValues("server.port=0", "server.address=127.0.0.1");

    /** A controller of the application. */
    @RestController
    public static class Parcels {
        @GetMapping("/parcels/{id}")
        public String parcel(@PathVariable String id) {
            return "parcel " + id;
        }
    }

    private static int port(ApplicationContext context) {
        BriskWebServer server = ((BriskWebServerApplicationContext) context).getWebServer();
        return server.getPort();
    }

    private static HttpResponse<String> get(ApplicationContext context, String path) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(context) + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static double count(MeterRegistry registry, String... tags) throws InterruptedException {
        for (int i = 0; i < 1000 && registry.find("http.server.requests").tags(tags).timer() == null; i++) {
            Thread.sleep(10);
        }
        return registry.get("http.server.requests").tags(tags).timer().count();
    }

    @Test
    void controllersAreTimedInTheApplicationsRegistryAndTheServerIsGauged() {
        brisk.withBean(MeterRegistry.class, SimpleMeterRegistry::new).withBean(Parcels.class).run(context -> {
            assertThat(context).hasSingleBean(BriskMetrics.class);
            ApplicationContext app = context.getSourceApplicationContext();
            assertThat(get(app, "/parcels/9").body()).isEqualTo("parcel 9");
            assertThat(get(app, "/nowhere").statusCode()).isEqualTo(404);
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(count(registry, "uri", "/parcels/{id}", "method", "GET", "status", "200", "outcome",
                    "SUCCESS", "exception", "none")).isEqualTo(1);
            assertThat(count(registry, "uri", "NOT_FOUND", "status", "404")).isEqualTo(1);
            assertThat(registry.get("brisk.requests").functionCounter().count()).isEqualTo(2);
            assertThat(registry.get("brisk.connections.active").tag("protocol", "http1").gauge()).isNotNull();
            assertThat(registry.get("brisk.scheduler.threads").tag("name", "worker").gauge().value()).isPositive();
        });
    }

    @Test
    void propertiesShapeTheMeters() {
        brisk.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withPropertyValues("brisk.metrics.requests-metric-name=brisk.http.requests",
                        "brisk.metrics.percentiles=0.5,0.99", "brisk.metrics.percentile-histogram=true",
                        "brisk.metrics.server-meters=false")
                .run(context -> {
                    BriskMetrics metrics = context.getBean(BriskMetrics.class);
                    assertThat(metrics.options().requestsMetricName()).isEqualTo("brisk.http.requests");
                    assertThat(metrics.options().percentiles()).containsExactly(0.5, 0.99);
                    assertThat(metrics.options().percentileHistogram()).isTrue();
                    assertThat(metrics.options().serverMeters()).isFalse();
                    assertThat(context.getBean(MeterRegistry.class).find("brisk.requests").meter()).isNull();
                });
    }

    @Test
    void offWhenDisabled() {
        brisk.withBean(MeterRegistry.class, SimpleMeterRegistry::new).withPropertyValues("brisk.metrics.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(BriskMetrics.class));
    }

    @Test
    void offWithoutAMeterRegistryBean() {
        brisk.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(BriskMetrics.class));
    }

    @Test
    void offWithoutMicrometer() {
        brisk.withClassLoader(new FilteredClassLoader("io.micrometer"))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(BriskMetricsAutoConfiguration.class));
    }

    @Test
    void theApplicationsBriskMetricsWins() {
        MeterRegistry registry = new SimpleMeterRegistry();
        BriskMetrics own = BriskMetrics.of(registry);
        brisk.withBean(MeterRegistry.class, () -> registry).withBean(BriskMetrics.class, () -> own)
                .run(context -> assertThat(context.getBean(BriskMetrics.class)).isSameAs(own));
    }
}
