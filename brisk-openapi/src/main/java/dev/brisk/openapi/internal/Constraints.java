package dev.brisk.openapi.internal;

import tools.jackson.databind.JavaType;

import java.lang.annotation.Annotation;
import java.util.Map;
import java.util.Optional;

/**
 * Bean Validation constraints (any package with the same simple names: Jakarta, javax, JSpecify's and others'
 * {@code @NonNull}) as schema keywords: required, lengths, sizes, bounds, patterns.
 */
final class Constraints {

    private Constraints() {
    }

    /** Whether the annotations make a value required: {@code @NotNull}, {@code @NonNull}, {@code @NotBlank}... */
    static boolean required(Annotation[] annotations) {
        for (String name : new String[]{"NotNull", "NonNull", "Nonnull", "NotBlank", "NotEmpty"}) {
            if (AnnotationValues.findSimple(annotations, name).isPresent()) {
                return true;
            }
        }
        return false;
    }

    static void apply(Map<String, Object> schema, Annotation[] annotations, JavaType type) {
        boolean array = type.isCollectionLikeType() || type.isArrayType() || type.isMapLikeType();
        AnnotationValues.findSimple(annotations, "Size").ifPresent(size -> {
            Optional<Object> min = AnnotationValues.value(size, "min").filter(v -> ((Integer) v) > 0);
            Optional<Object> max = AnnotationValues.value(size, "max").filter(v -> ((Integer) v) < Integer.MAX_VALUE);
            min.ifPresent(v -> schema.put(array ? "minItems" : "minLength", v));
            max.ifPresent(v -> schema.put(array ? "maxItems" : "maxLength", v));
        });
        if (AnnotationValues.findSimple(annotations, "NotBlank").isPresent()
                || AnnotationValues.findSimple(annotations, "NotEmpty").isPresent()) {
            schema.putIfAbsent(array ? "minItems" : "minLength", 1);
        }
        AnnotationValues.findSimple(annotations, "Min")
                .flatMap(a -> AnnotationValues.value(a, "value")).ifPresent(v -> schema.put("minimum", v));
        AnnotationValues.findSimple(annotations, "Max")
                .flatMap(a -> AnnotationValues.value(a, "value")).ifPresent(v -> schema.put("maximum", v));
        AnnotationValues.findSimple(annotations, "Positive").ifPresent(a -> schema.put("exclusiveMinimum", 0));
        AnnotationValues.findSimple(annotations, "PositiveOrZero").ifPresent(a -> schema.put("minimum", 0));
        AnnotationValues.findSimple(annotations, "Pattern")
                .flatMap(a -> AnnotationValues.string(a, "regexp")).ifPresent(p -> schema.put("pattern", p));
        AnnotationValues.findSimple(annotations, "Email").ifPresent(a -> schema.put("format", "email"));
    }
}
