package dev.brisk.rest.spring.internal;

import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;

import java.lang.invoke.MethodType;
import java.time.temporal.Temporal;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Says in the client's terms what is wrong with a request body the codec could not read ("malformed JSON at line 1,
 * column 7", "field 'age' must be a number"), without class names or parser internals.
 */
final class BodyErrors {

    private BodyErrors() {
    }

    /** The message for a body that failed to decode with {@code failure} (the codec's exception or its cause). */
    static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof JacksonException jackson) {
                return describe(jackson);
            }
        }
        return "the request body is malformed";
    }

    private static String describe(JacksonException e) {
        String field = path(e);
        if (e instanceof InvalidFormatException || e instanceof MismatchedInputException) {
            Class<?> target = ((MismatchedInputException) e).getTargetType();
            String expected = expected(target);
            if (field.isEmpty()) {
                return expected == null ? "the request body does not have the expected shape"
                        : "the request body must be " + expected;
            }
            return expected == null ? "field '" + field + "' has an invalid value"
                    : "field '" + field + "' must be " + expected;
        }
        if (e instanceof ValueInstantiationException) {
            return field.isEmpty() ? "the request body has invalid values" : "field '" + field + "' is invalid";
        }
        TokenStreamLocation location = e.getLocation();
        if (location != null && location.getLineNr() > 0) {
            return "malformed JSON at line " + location.getLineNr() + ", column " + location.getColumnNr();
        }
        return "malformed JSON";
    }

    /** The JSON path of the failure: {@code address.city}, {@code items[2].quantity}. */
    private static String path(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : e.getPath()) {
            if (reference.getPropertyName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** What a JSON value of Java type {@code target} looks like, in words; null when it cannot be said simply. */
    private static String expected(Class<?> target) {
        if (target == null) {
            return null;
        }
        Class<?> type = target.isPrimitive() ? MethodType.methodType(target).wrap().returnType()
                : target;
        if (Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class || type == Character.class) {
            return "a string";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        if (Temporal.class.isAssignableFrom(type) || type == UUID.class) {
            return "a valid " + type.getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.")) {
            return "an object";
        }
        return null;
    }
}
