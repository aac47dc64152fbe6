package dev.brisk.rest.websocket.internal;

import java.util.Map;
import java.util.function.Function;

/** Turns path parameter text into the types {@code @PathParam} may have: String, primitives and their wrappers. */
final class PathParameters {

    private static final Map<Class<?>, Function<String, Object>> CONVERTERS = Map.ofEntries(
            Map.entry(String.class, s -> s),
            Map.entry(int.class, Integer::valueOf), Map.entry(Integer.class, Integer::valueOf),
            Map.entry(long.class, Long::valueOf), Map.entry(Long.class, Long::valueOf),
            Map.entry(short.class, Short::valueOf), Map.entry(Short.class, Short::valueOf),
            Map.entry(byte.class, Byte::valueOf), Map.entry(Byte.class, Byte::valueOf),
            Map.entry(double.class, Double::valueOf), Map.entry(Double.class, Double::valueOf),
            Map.entry(float.class, Float::valueOf), Map.entry(Float.class, Float::valueOf),
            Map.entry(boolean.class, Boolean::valueOf), Map.entry(Boolean.class, Boolean::valueOf),
            Map.entry(char.class, PathParameters::character), Map.entry(Character.class, PathParameters::character));

    private PathParameters() {
    }

    /** The converter to {@code type}, or null when there is none. */
    static Function<String, Object> converter(Class<?> type) {
        return CONVERTERS.get(type);
    }

    /** The value of a primitive parameter whose path parameter is missing. */
    static Object zero(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return '\0';
        }
        return CONVERTERS.get(type).apply("0");
    }

    private static Object character(String text) {
        if (text.length() != 1) {
            throw new IllegalArgumentException("not one character: " + text);
        }
        return text.charAt(0);
    }
}
