package dev.brisk.rest.jaxrs;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * How Jakarta REST resources read and write JSON on Brisk: Jackson 3 with the defaults applications written for
 * Jersey's Jackson provider (Jackson 2) expect:
 * <ul>
 *   <li>an unknown property is an error (400 naming the property);</li>
 *   <li>properties are written in the order their fields are declared (record components in order), not
 *       alphabetically;</li>
 *   <li>constructor parameter names are not read: a bean with a no-argument constructor is filled through its
 *       setters or fields even when it has other constructors (records and {@code @JsonCreator} with
 *       {@code @JsonProperty} names work as usual), as Jackson 2 without its parameter-names module did.</li>
 * </ul>
 * Other settings are Jackson 3's: ISO-8601 dates, {@code null} for a primitive and trailing content are errors.
 * Applications that bring Jackson 2 — a {@code ContextResolver} of its {@code ObjectMapper}, or Jersey's
 * {@code JacksonFeature} — are mapped with Jackson 2 instead, as Jersey maps them.
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
                .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
                .disable(MapperFeature.DETECT_PARAMETER_NAMES);
    }
}
