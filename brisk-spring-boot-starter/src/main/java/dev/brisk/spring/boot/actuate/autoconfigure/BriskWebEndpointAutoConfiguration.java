package dev.brisk.spring.boot.actuate.autoconfigure;

import dev.brisk.spring.boot.BriskServerCustomizer;
import dev.brisk.spring.boot.actuate.internal.EndpointJson;
import dev.brisk.spring.boot.actuate.internal.EndpointRoutes;
import dev.brisk.spring.boot.actuate.internal.ManagementServer;
import dev.brisk.spring.boot.autoconfigure.BriskWebServerAutoConfiguration;
import dev.brisk.spring.boot.autoconfigure.ConditionalOnBriskWebApplication;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.EndpointExposure;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.IncludeExcludeEndpointFilter;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointProperties;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementServerProperties;
import org.springframework.boot.actuate.endpoint.EndpointAccessResolver;
import org.springframework.boot.actuate.endpoint.EndpointFilter;
import org.springframework.boot.actuate.endpoint.EndpointsSupplier;
import org.springframework.boot.actuate.endpoint.OperationFilter;
import org.springframework.boot.actuate.endpoint.invoke.OperationInvokerAdvisor;
import org.springframework.boot.actuate.endpoint.invoke.ParameterValueMapper;
import org.springframework.boot.actuate.endpoint.jackson.EndpointJsonMapper;
import org.springframework.boot.actuate.endpoint.web.AdditionalPathsMapper;
import org.springframework.boot.actuate.endpoint.web.EndpointMediaTypes;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.actuate.endpoint.web.PathMapper;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpointDiscoverer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import tools.jackson.databind.json.JsonMapper;

import java.util.Collection;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;

/**
 * Actuator's web endpoints served by Brisk: discovers them (as Boot does for Spring MVC, whose auto-configuration
 * needs a servlet or reactive application) and maps every operation onto a Brisk route under
 * {@code management.endpoints.web.base-path}: on the application's server, or on a second, isolated Brisk server when
 * {@code management.server.port} differs ({@code -1} disables them over HTTP).
 */
@AutoConfiguration(after = {EndpointAutoConfiguration.class, BriskWebServerAutoConfiguration.class})
@ConditionalOnClass({WebEndpointDiscoverer.class, ManagementServerProperties.class})
@ConditionalOnBriskWebApplication
@EnableConfigurationProperties({WebEndpointProperties.class, ManagementServerProperties.class})
public final class BriskWebEndpointAutoConfiguration {

    BriskWebEndpointAutoConfiguration() {
    }

    @Bean
    PathMapper briskWebEndpointPathMapper(WebEndpointProperties properties) {
        return endpointId -> properties.getPathMapping().get(endpointId.toString());
    }

    @Bean
    @ConditionalOnMissingBean
    EndpointMediaTypes endpointMediaTypes() {
        return EndpointMediaTypes.DEFAULT;
    }

    @Bean
    @ConditionalOnMissingBean(WebEndpointsSupplier.class)
    WebEndpointDiscoverer webEndpointDiscoverer(ApplicationContext context, ParameterValueMapper parameterValueMapper,
                                                EndpointMediaTypes mediaTypes, ObjectProvider<PathMapper> pathMappers,
                                                ObjectProvider<AdditionalPathsMapper> additionalPathsMappers,
                                                ObjectProvider<OperationInvokerAdvisor> invokerAdvisors,
                                                ObjectProvider<EndpointFilter<ExposableWebEndpoint>> endpointFilters,
                                                ObjectProvider<OperationFilter<WebOperation>> operationFilters) {
        return new WebEndpointDiscoverer(context, parameterValueMapper, mediaTypes,
                pathMappers.orderedStream().toList(), additionalPathsMappers.orderedStream().toList(),
                invokerAdvisors.orderedStream().toList(), endpointFilters.orderedStream().toList(),
                operationFilters.orderedStream().toList());
    }

    @Bean
    @ConditionalOnMissingBean
    PathMappedEndpoints pathMappedEndpoints(WebEndpointProperties properties,
                                            Collection<EndpointsSupplier<?>> suppliers) {
        return new PathMappedEndpoints(properties.getBasePath(), suppliers);
    }

    /** {@code management.endpoints.web.exposure.include} / {@code .exclude}. */
    @Bean
    IncludeExcludeEndpointFilter<ExposableWebEndpoint> briskWebExposureFilter(WebEndpointProperties properties) {
        WebEndpointProperties.Exposure exposure = properties.getExposure();
        return new IncludeExcludeEndpointFilter<>(ExposableWebEndpoint.class, exposure.getInclude(),
                exposure.getExclude(), EndpointExposure.WEB.getDefaultIncludes());
    }

    /** {@code management.endpoint.<id>.access}. */
    @Bean
    OperationFilter<WebOperation> briskWebAccessFilter(EndpointAccessResolver accessResolver) {
        return OperationFilter.byAccess(accessResolver);
    }

    /** The endpoints on the application's server, when the management port is the same. */
    @Bean
    BriskServerCustomizer briskActuatorRoutes(WebEndpointsSupplier endpoints, WebEndpointProperties properties,
                                              ObjectProvider<EndpointJsonMapper> endpointMapper,
                                              ObjectProvider<JsonMapper> applicationMapper, EndpointMediaTypes mediaTypes,
                                              Environment environment) {
        return server -> {
            if (ManagementPortType.get(environment) != ManagementPortType.SAME) {
                return;
            }
            String basePath = properties.getBasePath();
            if (basePath.isEmpty() || basePath.equals("/")) {
                // every endpoint at the root would take over the application's paths
                throw new IllegalStateException("management.endpoints.web.base-path is '/' on the server port: map "
                        + "the endpoints under a path, or to management.server.port");
            }
            EndpointRoutes.of(endpoints.getEndpoints(), basePath, properties.getDiscovery().isEnabled(),
                    WebServerNamespace.SERVER, new EndpointJson(endpointMapper, applicationMapper), mediaTypes)
                    .forEach(server::route);
        };
    }

    /** The second server, when the management port differs. */
    @Bean
    ManagementServer briskManagementServer(ConfigurableApplicationContext context) {
        return new ManagementServer(context);
    }

    /** {@code local.management.port} resolves to {@code local.server.port} when both are the same server. */
    @Bean
    static BeanFactoryPostProcessor briskLocalManagementPort(
            Environment environment) {
        return factory -> {
            if (environment instanceof ConfigurableEnvironment configurable
                    && ManagementPortType.get(environment) == ManagementPortType.SAME
                    && !configurable.getPropertySources().contains("briskLocalManagementPort")) {
                configurable.getPropertySources().addLast(new LocalManagementPort(configurable));
            }
        };
    }

    /** {@code local.management.port}, read from {@code local.server.port}. */
    private static final class LocalManagementPort extends EnumerablePropertySource<Object> {

        private static final String[] NAMES = {"local.management.port"};

        private final Environment environment;

        LocalManagementPort(Environment environment) {
            super("briskLocalManagementPort", new Object());
            this.environment = environment;
        }

        @Override
        public String[] getPropertyNames() {
            return NAMES;
        }

        @Override
        public Object getProperty(String name) {
            return NAMES[0].equals(name) ? environment.getProperty("local.server.port") : null;
        }
    }
}
