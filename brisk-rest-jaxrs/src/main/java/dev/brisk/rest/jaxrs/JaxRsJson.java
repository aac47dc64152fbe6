package dev.brisk.rest.jaxrs;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * How Jakarta REST resources read and write JSON on Brisk: Jackson 3 with the defaults applications written for
 * Jersey's Jackson provider expect — an unknown property is an error (400 naming the property) and properties are
 * written in declaration order (record components in order, creator properties first) rather than alphabetically.
 * Other settings are Jackson 3's (ISO-8601 dates, {@code null} for a primitive is an error).
 *
 * <p>To change them, register a {@code ContextResolver<JsonMapper>} starting from these defaults:
 * <pre>{@code
 * @Provider
 * public class JsonConfig implements ContextResolver<JsonMapper> {
 *     private final JsonMapper mapper = JaxRsJson.mapperBuilder()
 *             .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
 *             .build();
 *
 *     public JsonMapper getContext(Class<?> type) {
 *         return mapper;
 *     }
 * }
 * }</pre>
 */
public final class JaxRsJson {

    private JaxRsJson() {
    }

    /** A builder holding Brisk's JAX-RS defaults, to adjust and build into the mapper a resolver returns. */
    public static JsonMapper.Builder mapperBuilder() {
        return JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY);
    }
}
