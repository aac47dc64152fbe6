package dev.brisk.spring.boot.rpc.internal;

import dev.brisk.spring.boot.rpc.RpcReference;
import org.springframework.util.ConcurrentReferenceHashMap;

import java.lang.annotation.Annotation;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a class asks for RPC proxies: its fields and its constructors' and methods' parameters marked
 * {@link RpcReference}.
 */
final class ReferencePoints {

    /** Annotations that have Spring inject a field already: the qualifier is enough then. */
    private static final Set<String> INJECTING = Set.of("Autowired", "Inject");

    /** Soft keys: the classes of an application whose context is gone (a restart in the same JVM) may go too. */
    private static final Map<Class<?>, List<Field>> FIELDS = new ConcurrentReferenceHashMap<>();

    private static final String BEAN_NAME_PREFIX = "rpcReference:";

    private ReferencePoints() {
    }

    /** Whether {@code name} is the name of a proxy bean. */
    static boolean isBeanName(String name) {
        return name.startsWith(BEAN_NAME_PREFIX);
    }

    /**
     * A proxy asked for: a service interface and the providers chosen ({@link RpcReference#version()},
     * {@link RpcReference#group()}, empty for the client's).
     */
    record Reference(Class<?> type, String version, String group) {

        static Reference of(Class<?> type, RpcReference mark) {
            return new Reference(type, mark.version().strip(), mark.group().strip());
        }

        /** Whether it takes the client's version and group. */
        boolean clientDefaults() {
            return version.isEmpty() && group.isEmpty();
        }

        /** Its proxy bean's name: {@code rpcReference:<interface>}, then the choice when there is one. */
        String beanName() {
            return BEAN_NAME_PREFIX + type.getName() + (clientDefaults() ? ""
                    : "[version=" + version + ", group=" + group + "]");
        }
    }

    /**
     * The proxies {@code type} asks for, each with the place that asks (for messages); fails on a mark on anything
     * but an interface.
     */
    static Map<Reference, String> of(Class<?> type) {
        Map<Reference, String> found = new LinkedHashMap<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                RpcReference mark = field.getAnnotation(RpcReference.class);
                if (mark != null) {
                    add(found, field.getType(), mark, c.getName() + "." + field.getName());
                }
            }
            for (Executable executable : c.getDeclaredConstructors()) {
                parameters(found, executable);
            }
            for (Executable executable : c.getDeclaredMethods()) {
                parameters(found, executable);
            }
        }
        return found;
    }

    /**
     * The fields of {@code type} and its superclasses that {@link ReferenceFieldInjector} sets: marked, and not
     * injected by Spring already.
     */
    static List<Field> fields(Class<?> type) {
        return FIELDS.computeIfAbsent(type, ReferencePoints::markedFields);
    }

    private static List<Field> markedFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (field.isAnnotationPresent(RpcReference.class) && !isInjected(field)) {
                    if (Modifier.isStatic(field.getModifiers())) {
                        throw new IllegalStateException("@RpcReference on static field " + c.getName() + "."
                                + field.getName() + ": only instance fields are injected");
                    }
                    fields.add(field);
                }
            }
        }
        return List.copyOf(fields);
    }

    private static boolean isInjected(Field field) {
        for (Annotation annotation : field.getAnnotations()) {
            if (INJECTING.contains(annotation.annotationType().getSimpleName())) {
                return true;
            }
        }
        return false;
    }

    private static void parameters(Map<Reference, String> found, Executable executable) {
        for (Parameter parameter : executable.getParameters()) {
            RpcReference mark = parameter.getAnnotation(RpcReference.class);
            if (mark != null) {
                add(found, parameter.getType(), mark, executable.getDeclaringClass().getName() + "."
                        + executable.getName() + "(" + parameter.getName() + ")");
            }
        }
    }

    private static void add(Map<Reference, String> found, Class<?> type, RpcReference mark, String where) {
        if (!type.isInterface()) {
            throw new IllegalStateException("@RpcReference on " + where + ": " + type.getName()
                    + " is not an interface; RPC proxies are made of service interfaces");
        }
        found.putIfAbsent(Reference.of(type, mark), where);
    }
}
