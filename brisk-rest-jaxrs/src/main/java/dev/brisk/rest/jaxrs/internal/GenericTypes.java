package dev.brisk.rest.jaxrs.internal;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Resolves the type arguments a class gives a generic interface ({@code ExceptionMapper<E>}, {@code MessageBodyWriter<T>}). */
public final class GenericTypes {

    private GenericTypes() {
    }

    /**
     * The raw class {@code type} binds to type parameter {@code index} of {@code generic} (an interface or superclass
     * it implements), or {@code Object.class} when unbound.
     */
    public static Class<?> argument(Class<?> type, Class<?> generic, int index) {
        Type resolved = resolve(type, generic, index, new HashMap<>());
        return resolved == null ? Object.class : raw(resolved);
    }

    private static Type resolve(Type type, Class<?> generic, int index, Map<TypeVariable<?>, Type> bindings) {
        Class<?> raw = raw(type);
        if (raw == null) {
            return null;
        }
        if (type instanceof ParameterizedType parameterized) {
            TypeVariable<?>[] variables = raw.getTypeParameters();
            Type[] arguments = parameterized.getActualTypeArguments();
            for (int i = 0; i < variables.length; i++) {
                Type argument = arguments[i];
                bindings.put(variables[i], argument instanceof TypeVariable<?> v && bindings.containsKey(v)
                        ? bindings.get(v) : argument);
            }
            if (raw == generic) {
                Type argument = arguments[index];
                return argument instanceof TypeVariable<?> v ? bindings.get(v) : argument;
            }
        }
        List<Type> supertypes = new ArrayList<>();
        Collections.addAll(supertypes, raw.getGenericInterfaces());
        if (raw.getGenericSuperclass() != null) {
            supertypes.add(raw.getGenericSuperclass());
        }
        for (Type supertype : supertypes) {
            Type found = resolve(supertype, generic, index, bindings);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** The class of a type (the erasure). */
    public static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (type instanceof GenericArrayType a) {
            Class<?> component = raw(a.getGenericComponentType());
            return component == null ? null : Array.newInstance(component, 0).getClass();
        }
        if (type instanceof TypeVariable<?> v) {
            return raw(v.getBounds()[0]);
        }
        if (type instanceof WildcardType w) {
            return raw(w.getUpperBounds()[0]);
        }
        return null;
    }

    /** The first type argument of a parameterized type, or {@code String.class}. */
    public static Type firstArgument(Type type) {
        if (type instanceof ParameterizedType p && p.getActualTypeArguments().length > 0) {
            return p.getActualTypeArguments()[0];
        }
        return String.class;
    }
}
