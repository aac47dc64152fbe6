package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.micrometer.BriskMetrics;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.internal.MetricsSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Brisk's Micrometer meters in the application's {@link MeterRegistry} (Actuator's, or one of its own): a
 * {@link BriskMetrics} observer on the server, timing requests per route ({@code http.server.requests}) and gauging
 * connections, requests in flight, schedulers and event loops. On when a {@code MeterRegistry} bean exists, unless
 * {@code brisk.metrics.enabled=false}; shaped by {@code brisk.metrics.*}. A {@code BriskMetrics} bean of the
 * application's own replaces it. Prometheus is scraped through Actuator ({@code /actuator/prometheus}).
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus."
                + "PrometheusMetricsExportAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, BriskMetrics.class})
@ConditionalOnBriskWebApplication
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnBooleanProperty(name = "brisk.metrics.enabled", matchIfMissing = true)
public final class BriskMetricsAutoConfiguration {

    BriskMetricsAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    BriskMetrics briskMetrics(MeterRegistry registry, Environment environment) {
        return BriskMetrics.of(registry, MetricsSettings.of(Binder.get(environment)));
    }

    @Bean
    BriskServerCustomizer briskMetricsObserver(BriskMetrics metrics) {
        return server -> server.feature(metrics);
    }
}
