package dev.brisk.rpc.internal;

import dev.brisk.rpc.EnumFallback;
import dev.brisk.rpc.UnknownEnumConstants;

import java.lang.reflect.Field;
import java.util.Optional;

/**
 * What a serializer reads for an enum constant its side lacks: the constant the enum marks with {@link EnumFallback},
 * else what the side's {@link UnknownEnumConstants} option says.
 */
public final class EnumRules {

    private static final ClassValue<Optional<Enum<?>>> FALLBACKS = new ClassValue<>() {
        @Override
        protected Optional<Enum<?>> computeValue(Class<?> type) {
            return Optional.ofNullable(findFallback(type));
        }
    };

    private volatile UnknownEnumConstants rule = UnknownEnumConstants.FAIL;

    /** Applies {@code rule} to enums without a fallback constant from now on. */
    public void rule(UnknownEnumConstants rule) {
        this.rule = rule;
    }

    public UnknownEnumConstants rule() {
        return rule;
    }

    /**
     * The value of a constant of {@code type} this side lacks ({@code what} names it, e.g. {@code "ordinal 3"}): the
     * fallback constant, or {@code null}; fails when the rule is {@link UnknownEnumConstants#FAIL}.
     */
    public Object unknown(Class<?> type, String what) {
        Enum<?> fallback = fallback(type);
        if (fallback != null) {
            return fallback;
        }
        if (rule == UnknownEnumConstants.NULL) {
            return null;
        }
        throw new IllegalArgumentException(type.getName() + " has no constant " + what + " (sent by a newer version?):"
                + " mark a constant with @EnumFallback, or choose unknownEnumConstants(NULL)");
    }

    /** The constant of {@code type} marked {@link EnumFallback}, {@code null} when none; fails when several are. */
    public static Enum<?> fallback(Class<?> type) {
        return FALLBACKS.get(enumClass(type)).orElse(null);
    }

    /** The enum class itself for the class of a constant with a body. */
    static Class<?> enumClass(Class<?> type) {
        Class<?> parent = type.getSuperclass();
        return !type.isEnum() && parent != null && parent.isEnum() ? parent : type;
    }

    private static Enum<?> findFallback(Class<?> type) {
        if (!type.isEnum()) {
            return null;
        }
        Enum<?> found = null;
        for (Field field : type.getDeclaredFields()) {
            if (field.isEnumConstant() && field.isAnnotationPresent(EnumFallback.class)) {
                if (found != null) {
                    throw new IllegalArgumentException(type.getName() + " marks both " + found.name() + " and "
                            + field.getName() + " with @EnumFallback: mark one");
                }
                found = constant(type, field.getName());
            }
        }
        return found;
    }

    private static Enum<?> constant(Class<?> type, String name) {
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equals(name)) {
                return (Enum<?>) constant;
            }
        }
        throw new IllegalStateException("no constant " + name + " in " + type.getName());
    }

    /** Checks the enums among {@code types} at startup, so that one marking two fallbacks fails there. */
    static void check(Iterable<Class<?>> types) {
        for (Class<?> type : types) {
            if (type.isEnum()) {
                fallback(type);
            }
        }
    }
}
