package dev.brisk.rest.jaxrs.compat;

import dev.brisk.rest.jaxrs.JaxRsJson;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/** The application's JSON settings (snake_case names), from Brisk's JAX-RS defaults, with Jackson 3. */
@Provider
public class JsonConfig implements ContextResolver<JsonMapper> {

    private final JsonMapper mapper = JaxRsJson.mapperBuilder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .build();

    @Override
    public JsonMapper getContext(Class<?> type) {
        return mapper;
    }
}
