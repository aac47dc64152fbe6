package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.JaxRsJson;
import jakarta.ws.rs.ext.ContextResolver;
import tools.jackson.databind.ObjectMapper;

import java.util.List;

/**
 * Which Jackson mapper reads and writes an entity type: the first application {@code ContextResolver} of a Jackson 3
 * mapper that gives one for the type, else the mapper with {@link JaxRsJson}'s defaults. Decided once per type.
 */
final class JsonMapperResolvers {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");
    private static final String JACKSON_2 = "com.fasterxml.jackson.databind.";

    private final Providers providers;
    private volatile ObjectMapper defaultMapper;
    private final ClassValue<ObjectMapper> byType = new ClassValue<>() {
        @Override
        protected ObjectMapper computeValue(Class<?> type) {
            return resolve(type);
        }
    };

    JsonMapperResolvers(Providers providers) {
        this.providers = providers;
    }

    /**
     * Whether a {@code ContextResolver} class resolves a Jackson 3 mapper (then Brisk uses it). A resolver of Jackson
     * 2's {@code ObjectMapper} is refused: Brisk maps JSON with Jackson 3. Resolvers of other types are not consulted.
     */
    static boolean resolvesJsonMapper(Class<?> resolverType) {
        Class<?> resolved = GenericTypes.argument(resolverType, ContextResolver.class, 0);
        if (resolved != null && ObjectMapper.class.isAssignableFrom(resolved)) {
            return true;
        }
        if (resolved != null && resolved.getName().startsWith(JACKSON_2)) {
            throw new IllegalArgumentException(resolverType.getName() + " is a ContextResolver<" + resolved.getName()
                    + ">, a Jackson 2 mapper, but Brisk reads and writes JSON with Jackson 3 (tools.jackson): "
                    + "make it a ContextResolver<tools.jackson.databind.json.JsonMapper> returning a mapper built with "
                    + "dev.brisk.rest.jaxrs.JaxRsJson.mapperBuilder() and the same settings (Jackson 3 keeps the "
                    + "com.fasterxml.jackson.annotation annotations; modules and features moved to tools.jackson)");
        }
        LOG.log(System.Logger.Level.WARNING, resolverType.getName() + " resolves "
                + (resolved == null ? "a type Brisk cannot tell" : resolved.getName())
                + "; Brisk consults only ContextResolvers of Jackson 3 mappers (tools.jackson.databind.ObjectMapper),"
                + " so it is not used");
        return false;
    }

    /** The mapper for entities of {@code type}. */
    ObjectMapper mapperFor(Class<?> type) {
        return byType.get(type);
    }

    private ObjectMapper resolve(Class<?> type) {
        List<Providers.Entry<ContextResolver<?>>> resolvers = providers.jsonMapperResolvers();
        for (Providers.Entry<ContextResolver<?>> entry : resolvers) {
            Object mapper = entry.provider().getContext(type);
            if (mapper instanceof ObjectMapper objectMapper) {
                return objectMapper;
            }
        }
        ObjectMapper current = defaultMapper;
        if (current == null) {
            synchronized (this) {
                if (defaultMapper == null) {
                    defaultMapper = JaxRsJson.mapperBuilder().build();
                }
                current = defaultMapper;
            }
        }
        return current;
    }
}
