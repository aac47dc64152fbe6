package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.internal.ObservabilitySettings;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import java.util.LinkedHashMap;

/**
 * The access log ({@code brisk.access-log.*}), W3C tracing ({@code brisk.tracing.*}) and Brisk's health routes
 * ({@code brisk.health.*}, with the context's {@link HealthCheck} beans as readiness checks), each off unless enabled.
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnBriskWebApplication
public final class BriskObservabilityAutoConfiguration {

    BriskObservabilityAutoConfiguration() {
    }

    @Bean
    BriskServerCustomizer briskObservability(Environment environment, ListableBeanFactory beans) {
        return server -> {
            Binder binder = Binder.get(environment);
            ObservabilitySettings.apply(server, binder);
            ObservabilitySettings.health(binder, () -> new LinkedHashMap<>(beans.getBeansOfType(HealthCheck.class)))
                    .ifPresent(health -> server.observability(o -> o.health(health)));
        };
    }
}
