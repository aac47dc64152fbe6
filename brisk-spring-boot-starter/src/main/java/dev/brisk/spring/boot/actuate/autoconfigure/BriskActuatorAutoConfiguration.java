package dev.brisk.spring.boot.actuate.autoconfigure;

import dev.brisk.spring.boot.actuate.BriskEndpoint;
import dev.brisk.spring.boot.actuate.BriskMappingDescriptionProvider;
import dev.brisk.spring.boot.autoconfigure.ConditionalOnBriskWebApplication;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.web.mappings.MappingDescriptionProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Brisk's own actuator parts: the {@code brisk} endpoint (state, configuration, worker pool resizing) and Brisk's routes
 * in the {@code mappings} endpoint. Micrometer meters come from {@code BriskMetricsAutoConfiguration}.
 */
@AutoConfiguration(after = BriskWebEndpointAutoConfiguration.class)
@ConditionalOnClass(name = {"org.springframework.boot.actuate.endpoint.annotation.Endpoint",
        "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint"})
@ConditionalOnBriskWebApplication
public final class BriskActuatorAutoConfiguration {

    BriskActuatorAutoConfiguration() {
    }

    /** The brisk endpoint, when exposed and accessible. */
    @Configuration(proxyBeanMethods = false)
    static class Endpoints {

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint
        BriskEndpoint briskEndpoint(ApplicationContext context) {
            return new BriskEndpoint(context);
        }
    }

    @Bean
    @ConditionalOnClass(MappingDescriptionProvider.class)
    BriskMappingDescriptionProvider briskMappingDescriptionProvider() {
        return new BriskMappingDescriptionProvider();
    }
}
