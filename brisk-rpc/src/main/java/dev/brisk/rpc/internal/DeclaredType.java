package dev.brisk.rpc.internal;

import dev.brisk.rpc.TypeNotAllowedException;

import java.lang.invoke.MethodType;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;

/** Whether a class read from the wire fits the declared type of a parameter or result. */
final class DeclaredType {

    private DeclaredType() {
    }

    /** Fails with {@link TypeNotAllowedException} when a value of {@code actual} cannot be a {@code declared}. */
    static void check(Type declared, Class<?> actual) {
        Class<?> raw = boxed(raw(declared));
        if (!raw.isAssignableFrom(boxed(actual))) {
            throw new TypeNotAllowedException(actual.getName(), "class " + actual.getName() + " is not allowed: the"
                    + " declared type is " + declared.getTypeName());
        }
    }

    static Class<?> raw(Type type) {
        if (type instanceof Class<?> cls) {
            return cls;
        }
        if (type instanceof ParameterizedType parameterized) {
            return raw(parameterized.getRawType());
        }
        if (type instanceof GenericArrayType array) {
            return raw(array.getGenericComponentType()).arrayType();
        }
        if (type instanceof TypeVariable<?> variable && variable.getBounds().length > 0) {
            return raw(variable.getBounds()[0]);
        }
        if (type instanceof WildcardType wildcard && wildcard.getUpperBounds().length > 0) {
            return raw(wildcard.getUpperBounds()[0]);
        }
        return Object.class;
    }

    private static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return MethodType.methodType(type).wrap().returnType();
    }
}
