package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads Jakarta REST annotations the way the specification inherits them: a method without any of them takes those
 * of the method it overrides, from a superclass first, then from an implemented interface (section 3.6); a class
 * without {@code @Path} takes that of a superclass or interface.
 */
public final class Annotations {

    private static final String JAXRS_PACKAGE = "jakarta.ws.rs";

    private Annotations() {
    }

    /** The {@code @Path} of a resource class, its superclasses or interfaces, or null. */
    public static Path classPath(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            Path path = c.getAnnotation(Path.class);
            if (path != null) {
                return path;
            }
        }
        Deque<Class<?>> interfaces = new ArrayDeque<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            Collections.addAll(interfaces, c.getInterfaces());
        }
        while (!interfaces.isEmpty()) {
            Class<?> next = interfaces.poll();
            Path path = next.getAnnotation(Path.class);
            if (path != null) {
                return path;
            }
            Collections.addAll(interfaces, next.getInterfaces());
        }
        return null;
    }

    /** An annotation of {@code type} on {@code element} (a class: also its superclasses and interfaces), or null. */
    public static <A extends Annotation> A find(Class<?> type, Class<A> annotation) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            A found = c.getAnnotation(annotation);
            if (found != null) {
                return found;
            }
        }
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                A found = find(i, annotation);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * The method whose annotations apply to {@code method} of {@code type}: the method itself when it carries any
     * Jakarta REST annotation (on it or its parameters), else the nearest overridden method that does; null when
     * none does.
     */
    public static Method annotated(Method method, Class<?> type) {
        if (hasJaxRsAnnotations(method)) {
            return method;
        }
        if (Modifier.isStatic(method.getModifiers()) || Modifier.isPrivate(method.getModifiers())) {
            return null;
        }
        for (Class<?> c = type.getSuperclass(); c != null && c != Object.class; c = c.getSuperclass()) {
            Method overridden = declared(c, method);
            if (overridden != null && hasJaxRsAnnotations(overridden)) {
                return overridden;
            }
        }
        Deque<Class<?>> interfaces = new ArrayDeque<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            Collections.addAll(interfaces, c.getInterfaces());
        }
        while (!interfaces.isEmpty()) {
            Class<?> next = interfaces.poll();
            Method overridden = declared(next, method);
            if (overridden != null && hasJaxRsAnnotations(overridden)) {
                return overridden;
            }
            Collections.addAll(interfaces, next.getInterfaces());
        }
        return null;
    }

    private static Method declared(Class<?> type, Method method) {
        try {
            return type.getDeclaredMethod(method.getName(), method.getParameterTypes());
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static boolean hasJaxRsAnnotations(Method method) {
        if (isJaxRs(method)) {
            return true;
        }
        for (Annotation[] parameter : method.getParameterAnnotations()) {
            for (Annotation annotation : parameter) {
                if (annotation.annotationType().getPackageName().startsWith(JAXRS_PACKAGE)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isJaxRs(AnnotatedElement element) {
        for (Annotation annotation : element.getAnnotations()) {
            Class<? extends Annotation> type = annotation.annotationType();
            if (type.getPackageName().startsWith(JAXRS_PACKAGE) || type.isAnnotationPresent(HttpMethod.class)) {
                return true;
            }
        }
        return false;
    }

    /** The HTTP method of a resource method ({@code @GET} or any annotation meta-annotated with {@code @HttpMethod}). */
    public static String httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod designator = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (designator != null) {
                return designator.value();
            }
        }
        return null;
    }

    /** The name-binding annotations on {@code element} (annotations meta-annotated with {@code @NameBinding}). */
    public static Set<Class<? extends Annotation>> nameBindings(AnnotatedElement element) {
        Set<Class<? extends Annotation>> bindings = new HashSet<>();
        for (Annotation annotation : element.getAnnotations()) {
            if (annotation.annotationType().isAnnotationPresent(NameBinding.class)) {
                bindings.add(annotation.annotationType());
            }
        }
        return bindings;
    }
}
