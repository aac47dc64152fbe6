package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.spring.boot.BriskAccessLogProperties;
import dev.brisk.spring.boot.BriskHealthProperties;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.BriskTracingProperties;
import dev.brisk.spring.boot.internal.ObservabilitySettings;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The access log ({@code brisk.access-log.*}), W3C tracing ({@code brisk.tracing.*}) and Brisk's health routes
 * ({@code brisk.health.*}, with the context's {@link HealthCheck} beans as readiness checks), each off unless enabled.
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnBriskWebApplication
@EnableConfigurationProperties({BriskAccessLogProperties.class, BriskTracingProperties.class,
        BriskHealthProperties.class})
public final class BriskObservabilityAutoConfiguration {

    BriskObservabilityAutoConfiguration() {
    }

    @Bean
    BriskServerCustomizer briskObservability(BriskAccessLogProperties accessLog, BriskTracingProperties tracing,
                                             BriskHealthProperties health, ListableBeanFactory beans) {
        return server -> {
            ObservabilitySettings.apply(server, accessLog, tracing);
            if (health.isEnabled()) {
                Map<String, HealthCheck> named = new LinkedHashMap<>(beans.getBeansOfType(HealthCheck.class));
                server.observability(o -> o.health(health.toOptions(named)));
            }
        };
    }
}
