package dev.brisk.spring.boot.autoconfigure;

import dev.brisk.openapi.OpenApi;
import dev.brisk.spring.boot.BriskOpenApiProperties;
import dev.brisk.spring.boot.BriskServerCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI document of the application's routes, when the application has brisk-openapi: generated when the server
 * starts, with schemas as the application's {@link JsonMapper} writes its types, and served at
 * {@code brisk.openapi.path} and {@code brisk.openapi.yaml-path} unless {@code brisk.openapi.enabled=false}. An
 * {@link OpenApi} bean of the application's own replaces the one built from {@code brisk.openapi.*}.
 */
@AutoConfiguration(after = BriskWebServerAutoConfiguration.class)
@ConditionalOnClass(OpenApi.class)
@ConditionalOnBriskWebApplication
@ConditionalOnBooleanProperty(name = "brisk.openapi.enabled", matchIfMissing = true)
@EnableConfigurationProperties(BriskOpenApiProperties.class)
public final class BriskOpenApiAutoConfiguration {

    BriskOpenApiAutoConfiguration() {
    }

    @Bean
    @ConditionalOnMissingBean
    OpenApi briskOpenApi(BriskOpenApiProperties settings, ObjectProvider<JsonMapper> mapper, Environment environment) {
        OpenApi.Builder openApi = OpenApi.builder()
                .title(settings.getTitle() != null ? settings.getTitle()
                        : environment.getProperty("spring.application.name", "API"))
                .version(settings.getVersion())
                .jsonPath(settings.getPath())
                .yamlPath(settings.getYamlPath())
                .exclude(environment.getProperty("management.endpoints.web.base-path", "/actuator"))
                .exclude(settings.getExclude().toArray(String[]::new));
        if (settings.getDescription() != null) {
            openApi.description(settings.getDescription());
        }
        JsonMapper jsonMapper = mapper.getIfUnique();
        if (jsonMapper != null) {
            openApi.mapper(jsonMapper);
        }
        return openApi.build();
    }

    @Bean
    BriskServerCustomizer briskOpenApiRoutes(OpenApi openApi) {
        return server -> server.feature(openApi);
    }
}
