package dev.brisk.spring.boot.actuate.internal;

import dev.brisk.spring.boot.BriskProperties;
import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.BriskWebServerFactory;
import dev.brisk.spring.boot.internal.ObservabilitySettings;
import dev.brisk.spring.boot.internal.ShutdownTimeout;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointProperties;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementServerProperties;
import org.springframework.boot.actuate.endpoint.jackson.EndpointJsonMapper;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.web.EndpointMediaTypes;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import tools.jackson.databind.json.JsonMapper;


/**
 * The management context's beans: a Brisk server on {@code management.server.port} and {@code .address} (with
 * {@code management.server.ssl}), under {@code management.server.base-path}, serving the actuator endpoints found
 * in the application's context. Other Brisk settings are the application server's.
 */
@Configuration(proxyBeanMethods = false)
class ManagementContextConfiguration {

    @Bean
    BriskWebServerFactory managementWebServerFactory(ManagementServerProperties management, ServerProperties server,
                                                     BriskProperties brisk, ObjectProvider<SslBundles> sslBundles,
                                                     Environment environment) {
        BriskWebServerFactory factory = new BriskWebServerFactory();
        factory.setBrisk(brisk);
        factory.setPort(management.getPort());
        factory.setAddress(management.getAddress());
        factory.setSsl(management.getSsl());
        factory.setSslBundles(sslBundles.getIfAvailable());
        factory.setServerHeader(server.getServerHeader());
        factory.setShutdown(server.getShutdown());
        factory.setShutdownTimeout(ShutdownTimeout.of(environment));
        factory.setContextPath(management.getBasePath());
        return factory;
    }

    /**
     * The application server's access log, tracing and request timer apply to the management server's requests too,
     * as they do on the application's port.
     */
    @Bean
    BriskServerCustomizer managementObservability(ConfigurableApplicationContext context) {
        return server -> {
            ObservabilitySettings.apply(server, Binder.get(context.getEnvironment()));
            ClassLoader loader = context.getClassLoader();
            if (ClassUtils.isPresent("io.micrometer.core.instrument.MeterRegistry", loader)
                    && ClassUtils.isPresent("dev.brisk.micrometer.BriskMetrics", loader)) {
                ManagementMetrics.observe(server, context.getBeanFactory());
            }
        };
    }

    @Bean
    BriskServerCustomizer managementEndpointRoutes(WebEndpointsSupplier endpoints, WebEndpointProperties properties,
                                                   ObjectProvider<EndpointJsonMapper> endpointMapper,
                                                   ObjectProvider<JsonMapper> applicationMapper,
                                                   ObjectProvider<EndpointMediaTypes> mediaTypes) {
        EndpointJson json = new EndpointJson(endpointMapper, applicationMapper);
        EndpointMediaTypes produced = mediaTypes.getIfAvailable(() -> EndpointMediaTypes.DEFAULT);
        return server -> EndpointRoutes.of(endpoints.getEndpoints(), properties.getBasePath(),
                properties.getDiscovery().isEnabled(), WebServerNamespace.MANAGEMENT, json, produced)
                .forEach(server::route);
    }
}
