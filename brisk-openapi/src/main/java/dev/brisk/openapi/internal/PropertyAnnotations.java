package dev.brisk.openapi.internal;

import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.BeanPropertyDefinition;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every annotation on a property's Java elements: its field (even when Jackson ignores private fields), getter,
 * setter, constructor parameter, and record component with its accessor, where constraints such as
 * {@code @NotNull} sit.
 */
final class PropertyAnnotations {

    private PropertyAnnotations() {
    }

    static Annotation[] of(Class<?> owner, BeanPropertyDefinition property) {
        List<Annotation> all = new ArrayList<>();
        add(all, property.getGetter());
        add(all, property.getSetter());
        add(all, property.getField());
        add(all, property.getConstructorParameter());
        String internal = property.getInternalName();
        if (owner.isRecord()) {
            for (RecordComponent component : owner.getRecordComponents()) {
                if (component.getName().equals(internal)) {
                    Collections.addAll(all, component.getAnnotations());
                    Collections.addAll(all, component.getAccessor().getAnnotations());
                    Collections.addAll(all, component.getAnnotatedType().getAnnotations());
                }
            }
        }
        for (Class<?> c = owner; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Field field = c.getDeclaredField(internal);
                Collections.addAll(all, field.getAnnotations());
                Collections.addAll(all, field.getAnnotatedType().getAnnotations());
                break;
            } catch (NoSuchFieldException e) {
                // not declared here
            }
        }
        return all.toArray(new Annotation[0]);
    }

    private static void add(List<Annotation> all, AnnotatedMember member) {
        if (member != null) {
            AnnotatedElement element = member.getAnnotated();
            if (element != null) {
                Collections.addAll(all, element.getAnnotations());
            }
        }
    }
}
