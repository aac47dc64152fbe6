package dev.brisk.openapi.internal;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Annotations found by their type's name and read reflectively, so that Spring's and Jakarta's annotation libraries
 * are needed only by the applications that use them.
 */
final class AnnotationValues {

    private AnnotationValues() {
    }

    static Optional<Annotation> find(Annotation[] annotations, String typeName) {
        for (Annotation a : annotations) {
            if (a.annotationType().getName().equals(typeName)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    static Optional<Annotation> find(AnnotatedElement element, String typeName) {
        return find(element.getAnnotations(), typeName);
    }

    /** Whether one of {@code annotations} has the simple name {@code simpleName} (any package: NotNull, NonNull...). */
    static Optional<Annotation> findSimple(Annotation[] annotations, String simpleName) {
        for (Annotation a : annotations) {
            if (a.annotationType().getSimpleName().equals(simpleName)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** The value of the element {@code name} of {@code annotation}; empty when it has no such element. */
    static Optional<Object> value(Annotation annotation, String name) {
        try {
            Method element = annotation.annotationType().getMethod(name);
            return Optional.ofNullable(element.invoke(annotation));
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A String element, empty when absent or empty. */
    static Optional<String> string(Annotation annotation, String name) {
        return value(annotation, name).filter(String.class::isInstance).map(String.class::cast)
                .filter(s -> !s.isEmpty());
    }

    static boolean bool(Annotation annotation, String name, boolean fallback) {
        return value(annotation, name).filter(Boolean.class::isInstance).map(Boolean.class::cast).orElse(fallback);
    }

    static String[] strings(Annotation annotation, String name) {
        return value(annotation, name).filter(String[].class::isInstance).map(String[].class::cast)
                .orElse(new String[0]);
    }
}
