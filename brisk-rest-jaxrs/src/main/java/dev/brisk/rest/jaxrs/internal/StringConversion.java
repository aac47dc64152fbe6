package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.Converters;
import jakarta.ws.rs.ext.ParamConverter;

import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Type;
import java.util.function.Function;

/**
 * Converts parameter strings as section 3.2 of the specification orders it: a {@code ParamConverter} from the
 * application's providers, then a static {@code fromString(String)} (first for enums), then primitives, a
 * {@code String} constructor and {@code valueOf} (with Brisk's built-in types: {@code UUID}, dates, ...).
 */
final class StringConversion {

    private StringConversion() {
    }

    /**
     * The converter for a parameter type.
     *
     * @throws IllegalArgumentException at startup when nothing converts a string to {@code raw}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Function<String, Object> forType(Class<?> raw, Type generic, Annotation[] annotations,
                                            Providers providers) {
        ParamConverter converter = providers.converter(raw, generic, annotations);
        if (converter != null) {
            return converter::fromString;
        }
        if (raw == String.class) {
            return s -> s;
        }
        MethodHandle fromString = fromString(raw);
        if (fromString != null) {
            return s -> {
                try {
                    return fromString.invoke(s);
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new IllegalArgumentException(t);
                }
            };
        }
        return Converters.forType(raw);
    }

    private static MethodHandle fromString(Class<?> type) {
        try {
            return MethodHandles.publicLookup().findStatic(type, "fromString",
                    MethodType.methodType(type, String.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }
}
