package dev.brisk.spring.boot.actuate.autoconfigure;

import dev.brisk.spring.boot.autoconfigure.ConditionalOnBriskWebApplication;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.EndpointExposure;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointWebExtension;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointProperties;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.health.registry.ReactiveHealthContributorRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The health endpoint's web extension on Brisk: {@code /health} answers 503 when the status is down, and groups
 * ({@code /health/liveness}, {@code /health/<group>}) with their own details and status mapping.
 */
@AutoConfiguration(afterName = "org.springframework.boot.health.autoconfigure.actuate.endpoint."
        + "HealthEndpointAutoConfiguration")
@ConditionalOnClass(name = {"org.springframework.boot.health.actuate.endpoint.HealthEndpointWebExtension",
        "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint"})
@ConditionalOnBriskWebApplication
public final class BriskHealthWebExtensionAutoConfiguration {

    BriskHealthWebExtensionAutoConfiguration() {
    }

    /** Nested, so that its Actuator conditions are read only once Actuator is known to be there. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBean(HealthEndpoint.class)
    @ConditionalOnAvailableEndpoint(endpoint = HealthEndpoint.class, exposure = EndpointExposure.WEB)
    static class WebExtension {

        @Bean
        @ConditionalOnMissingBean
        HealthEndpointWebExtension healthEndpointWebExtension(HealthContributorRegistry registry,
                ObjectProvider<ReactiveHealthContributorRegistry> reactiveRegistry, HealthEndpointGroups groups,
                HealthEndpointProperties properties) {
            return new HealthEndpointWebExtension(registry, reactiveRegistry.getIfAvailable(), groups,
                    properties.getLogging().getSlowIndicatorThreshold());
        }
    }
}
