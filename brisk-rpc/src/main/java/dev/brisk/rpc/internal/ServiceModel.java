package dev.brisk.rpc.internal;

import dev.brisk.rpc.RpcService;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** A service interface read once: its wire name and its remote methods in a stable order. */
public final class ServiceModel {

    private final Class<?> type;
    private final String name;
    private final List<MethodModel> methods;

    private ServiceModel(Class<?> type, String name, List<MethodModel> methods) {
        this.type = type;
        this.name = name;
        this.methods = methods;
    }

    /** Reads {@code type}; fails with the reason when it is not an interface or a method is invalid. */
    public static ServiceModel of(Class<?> type) {
        Objects.requireNonNull(type, "service type must not be null");
        if (!type.isInterface()) {
            throw new IllegalArgumentException("service type must be an interface: " + type.getName());
        }
        List<MethodModel> methods = new ArrayList<>();
        Method[] declared = type.getMethods();
        Arrays.sort(declared, Comparator.comparing(MethodModel::signature));
        Set<String> seen = new LinkedHashSet<>();
        for (Method method : declared) {
            if (Modifier.isStatic(method.getModifiers()) || method.isDefault() || isObjectMethod(method)) {
                continue;
            }
            if (seen.add(MethodModel.signature(method))) {
                methods.add(new MethodModel(method));
            }
        }
        return new ServiceModel(type, name(type), List.copyOf(methods));
    }

    /** The wire name: {@link RpcService} or the binary name. */
    public static String name(Class<?> type) {
        RpcService annotation = type.getAnnotation(RpcService.class);
        if (annotation == null) {
            return type.getName();
        }
        if (annotation.value().isBlank()) {
            throw new IllegalArgumentException("@RpcService of " + type.getName() + " must not be blank");
        }
        return annotation.value();
    }

    private static boolean isObjectMethod(Method method) {
        try {
            Object.class.getMethod(method.getName(), method.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    public Class<?> type() {
        return type;
    }

    public String name() {
        return name;
    }

    public List<MethodModel> methods() {
        return methods;
    }

    /**
     * The classes the methods exchange: parameter and result types, their type arguments and component types, and
     * the components of records among them, for a serializer to prepare.
     */
    public Set<Class<?>> exchangedTypes() {
        Set<Class<?>> types = new LinkedHashSet<>();
        for (MethodModel method : methods) {
            for (Type parameter : method.parameterTypes()) {
                collect(parameter, types);
            }
            collect(method.resultType(), types);
        }
        return types;
    }

    private static void collect(Type type, Set<Class<?>> into) {
        if (type instanceof Class<?> cls) {
            if (cls.isArray()) {
                collect(cls.getComponentType(), into);
            } else if (!cls.isPrimitive() && into.add(cls) && cls.isRecord()) {
                for (RecordComponent component : cls.getRecordComponents()) {
                    collect(component.getGenericType(), into);
                }
            }
        } else if (type instanceof ParameterizedType parameterized) {
            collect(parameterized.getRawType(), into);
            for (Type argument : parameterized.getActualTypeArguments()) {
                collect(argument, into);
            }
        } else if (type instanceof GenericArrayType array) {
            collect(array.getGenericComponentType(), into);
        } else if (type instanceof WildcardType wildcard) {
            for (Type bound : wildcard.getUpperBounds()) {
                collect(bound, into);
            }
        }
    }
}
