package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.JaxRsJson;
import dev.brisk.rest.jaxrs.internal.jackson2.Jackson2Json;
import jakarta.ws.rs.ext.ContextResolver;
import tools.jackson.databind.ObjectMapper;

/**
 * Which Jackson mapper reads and writes an entity type: the first application {@code ContextResolver} of a Jackson
 * mapper — Jackson 3's, or Jackson 2's for applications written for Jersey's Jackson provider — that gives one for
 * the type; else the default: Jackson 2's as Jersey configures it when the application maps JSON with Jackson 2
 * ({@link Providers#jackson2()}), otherwise Jackson 3's with {@link JaxRsJson}'s defaults. Decided once per type.
 */
final class JsonMapperResolvers {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");

    private final Providers providers;
    private volatile JsonBinding defaultBinding;
    private final ClassValue<JsonBinding> byType = new ClassValue<>() {
        @Override
        protected JsonBinding computeValue(Class<?> type) {
            return resolve(type);
        }
    };

    JsonMapperResolvers(Providers providers) {
        this.providers = providers;
    }

    /**
     * The major version of Jackson whose mapper a {@code ContextResolver} class resolves: 3, 2, or 0 for another type
     * (then Brisk does not consult it, and says so).
     */
    static int jacksonVersion(Class<?> resolverType) {
        Class<?> resolved = GenericTypes.argument(resolverType, ContextResolver.class, 0);
        if (resolved != null && ObjectMapper.class.isAssignableFrom(resolved)) {
            return 3;
        }
        if (resolved != null && Jackson2Presence.isMapperType(resolved)) {
            return 2;
        }
        LOG.log(System.Logger.Level.WARNING, resolverType.getName() + " resolves "
                + (resolved == null ? "a type Brisk cannot tell" : resolved.getName())
                + "; Brisk consults only ContextResolvers of Jackson mappers (tools.jackson.databind.ObjectMapper, "
                + "or Jackson 2's com.fasterxml.jackson.databind.ObjectMapper), so it is not used");
        return 0;
    }

    /** How entities of {@code type} are read and written. */
    JsonBinding bindingFor(Class<?> type) {
        return byType.get(type);
    }

    private JsonBinding resolve(Class<?> type) {
        for (Providers.Entry<ContextResolver<?>> entry : providers.jsonMapperResolvers()) {
            Object mapper = entry.provider().getContext(type);
            if (mapper instanceof ObjectMapper objectMapper) {
                return new Jackson3Binding(objectMapper);
            }
            if (mapper != null && Jackson2Presence.isMapperType(mapper.getClass())) {
                return Jackson2Json.binding(mapper);
            }
        }
        JsonBinding current = defaultBinding;
        if (current == null) {
            synchronized (this) {
                if (defaultBinding == null) {
                    defaultBinding = providers.jackson2() ? Jackson2Json.jerseyDefault()
                            : new Jackson3Binding(JaxRsJson.mapperBuilder().build());
                }
                current = defaultBinding;
            }
        }
        return current;
    }
}
