package dev.brisk.rest;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * Converts request strings (path variables, query parameters, headers, cookies) to parameter types: primitives and
 * their wrappers, enums, {@code UUID}, ISO dates and times, {@code BigDecimal}, and any type with a static
 * {@code valueOf}/{@code of}/{@code from}/{@code parse} method or a public {@code String} constructor. The converter is
 * chosen once per parameter at startup; a value that does not convert is the client's error (400).
 */
public final class Converters {

    private static final Map<Class<?>, Function<String, Object>> BUILT_IN = Map.ofEntries(
            Map.entry(String.class, s -> s),
            Map.entry(CharSequence.class, s -> s),
            Map.entry(int.class, Integer::valueOf), Map.entry(Integer.class, Integer::valueOf),
            Map.entry(long.class, Long::valueOf), Map.entry(Long.class, Long::valueOf),
            Map.entry(short.class, Short::valueOf), Map.entry(Short.class, Short::valueOf),
            Map.entry(byte.class, Byte::valueOf), Map.entry(Byte.class, Byte::valueOf),
            Map.entry(double.class, Double::valueOf), Map.entry(Double.class, Double::valueOf),
            Map.entry(float.class, Float::valueOf), Map.entry(Float.class, Float::valueOf),
            Map.entry(boolean.class, Converters::bool), Map.entry(Boolean.class, Converters::bool),
            Map.entry(char.class, Converters::character), Map.entry(Character.class, Converters::character),
            Map.entry(UUID.class, UUID::fromString),
            Map.entry(BigDecimal.class, BigDecimal::new), Map.entry(BigInteger.class, BigInteger::new),
            Map.entry(LocalDate.class, LocalDate::parse), Map.entry(LocalDateTime.class, LocalDateTime::parse),
            Map.entry(LocalTime.class, LocalTime::parse), Map.entry(OffsetDateTime.class, OffsetDateTime::parse),
            Map.entry(ZonedDateTime.class, ZonedDateTime::parse), Map.entry(Instant.class, Instant::parse),
            Map.entry(Duration.class, Duration::parse));

    private Converters() {
    }

    /** Whether {@code type} converts from a single string. */
    public static boolean supports(Class<?> type) {
        try {
            forType(type);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The converter for {@code type}.
     *
     * @throws IllegalArgumentException at startup, when nothing converts a string to {@code type}
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Function<String, Object> forType(Class<?> type) {
        Function<String, Object> builtIn = BUILT_IN.get(type);
        if (builtIn != null) {
            return builtIn;
        }
        if (type.isEnum()) {
            Class<? extends Enum> enumType = (Class<? extends Enum>) type;
            return s -> {
                try {
                    return Enum.valueOf(enumType, s);
                } catch (IllegalArgumentException exact) {
                    for (Enum constant : enumType.getEnumConstants()) {
                        if (constant.name().equalsIgnoreCase(s)) {
                            return constant;
                        }
                    }
                    throw exact;
                }
            };
        }
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        for (String name : new String[] {"valueOf", "of", "from", "parse"}) {
            for (Class<?> parameter : new Class<?>[] {String.class, CharSequence.class}) {
                try {
                    MethodHandle factory = lookup.findStatic(type, name, MethodType.methodType(type, parameter));
                    return s -> invoke(factory, s);
                } catch (NoSuchMethodException | IllegalAccessException e) {
                    // try the next form
                }
            }
        }
        if (!Modifier.isAbstract(type.getModifiers())) {
            try {
                MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class,
                        String.class));
                return s -> invoke(constructor, s);
            } catch (NoSuchMethodException | IllegalAccessException e) {
                // no constructor either
            }
        }
        throw new IllegalArgumentException("cannot convert a string to " + type.getName() + ": it needs a static "
                + "valueOf/of/from/parse(String) or a public String constructor");
    }

    /** Converts {@code value}, turning a failure into a 400 that names {@code what} (e.g. "path variable 'id'"). */
    public static Object convert(Function<String, Object> converter, String value, String what, Class<?> type) {
        try {
            return converter.apply(value);
        } catch (RuntimeException e) {
            throw new HttpStatusException(400, what + ": cannot convert '" + value + "' to "
                    + type.getSimpleName().toLowerCase(Locale.ROOT).replace("integer", "int"));
        }
    }

    private static Object invoke(MethodHandle handle, String value) {
        try {
            return handle.invoke(value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalArgumentException(t);
        }
    }

    private static Object bool(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "on", "yes", "1" -> Boolean.TRUE;
            case "false", "off", "no", "0" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("not a boolean: " + s);
        };
    }

    private static Object character(String s) {
        if (s.length() != 1) {
            throw new IllegalArgumentException("not a single character: " + s);
        }
        return s.charAt(0);
    }
}
