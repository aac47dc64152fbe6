package dev.brisk.rpc.internal;

import dev.brisk.rpc.AllowList;
import dev.brisk.rpc.spi.AllowedTypes;

import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The classes reachable from some types: the types themselves, their type arguments, array components, and for the
 * application's own classes the components of records and the fields of other classes (inherited ones included,
 * static and transient ones not), recursively. The JDK's classes are taken as they are: their fields are not
 * followed. This is what a serializer may have to read for values of those types, short of polymorphic fields.
 */
public final class TypeClosure {

    private final Set<Class<?>> found = new LinkedHashSet<>();
    private final Set<Type> visited = new HashSet<>();
    private final Deque<Type> pending = new ArrayDeque<>();

    private TypeClosure() {
    }

    /** The classes reachable from {@code roots}. */
    public static Set<Class<?>> of(Collection<? extends Type> roots) {
        TypeClosure closure = new TypeClosure();
        closure.pending.addAll(roots);
        while (!closure.pending.isEmpty()) {
            closure.visit(closure.pending.pop());
        }
        return closure.found;
    }

    /**
     * What the methods of {@code services} may exchange, plus the classes and packages {@code optedIn}: the signature
     * classes as declared, and the closure of the parameter, result and declared exception types.
     */
    public static AllowedTypes allowed(Collection<ServiceModel> services, AllowList optedIn) {
        Set<Class<?>> declared = new LinkedHashSet<>();
        List<Type> roots = new ArrayList<>(optedIn.types());
        for (ServiceModel service : services) {
            declared.addAll(service.exchangedTypes());
            for (MethodModel method : service.methods()) {
                roots.addAll(List.of(method.parameterTypes()));
                roots.add(method.resultType());
                roots.addAll(List.of(method.method().getGenericExceptionTypes()));
            }
        }
        return AllowedTypes.of(declared, of(roots), optedIn.packages());
    }

    private void visit(Type type) {
        if (type == null || !visited.add(type)) {
            return;
        }
        if (type instanceof Class<?> cls) {
            visitClass(cls);
        } else if (type instanceof ParameterizedType parameterized) {
            pending.push(parameterized.getRawType());
            pending.addAll(List.of(parameterized.getActualTypeArguments()));
        } else if (type instanceof GenericArrayType array) {
            pending.push(array.getGenericComponentType());
        } else if (type instanceof WildcardType wildcard) {
            pending.addAll(List.of(wildcard.getUpperBounds()));
            pending.addAll(List.of(wildcard.getLowerBounds()));
        } else if (type instanceof TypeVariable<?> variable) {
            pending.addAll(List.of(variable.getBounds()));
        }
    }

    private void visitClass(Class<?> cls) {
        if (cls.isArray()) {
            pending.push(cls.getComponentType());
            return;
        }
        if (cls.isPrimitive() || cls == Object.class) {
            return;
        }
        found.add(cls);
        if (isJdk(cls) || cls.isEnum() || cls.isInterface()) {
            return;
        }
        if (cls.isRecord()) {
            for (RecordComponent component : cls.getRecordComponents()) {
                pending.push(component.getGenericType());
            }
            return;
        }
        for (Class<?> c = cls; c != null && !isJdk(c); c = c.getSuperclass()) {
            found.add(c);
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers)) {
                    pending.push(field.getGenericType());
                }
            }
        }
    }

    private static boolean isJdk(Class<?> cls) {
        String name = cls.getName();
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.") || name.startsWith("com.sun.");
    }
}
