package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.ProcessingException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.InvalidTypeIdException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

import java.time.temporal.TemporalAccessor;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Turns Jackson's reading failures into Jakarta REST exceptions: a body that is not valid JSON or does not fit the
 * entity type is a {@code BadRequestException} whose message names the place and the problem in the body's terms
 * ("malformed JSON at line 1, column 7", "unknown property 'author.nickname'", "invalid value for 'year': expected
 * a number"), never Jackson's own text; a type Jackson cannot map at all is the server's fault, a
 * {@code ProcessingException}.
 */
final class JsonReadErrors {

    private JsonReadErrors() {
    }

    static RuntimeException of(JacksonException error, JavaType type) {
        if (error instanceof InvalidDefinitionException || error instanceof JacksonIOException) {
            return new ProcessingException("cannot read JSON as " + type.getTypeName() + ": "
                    + error.getOriginalMessage(), error);
        }
        return new BadRequestException(describe(error), error);
    }

    /** What is wrong with the body, in its own terms. */
    static String describe(JacksonException error) {
        List<JacksonException.Reference> references = error.getPath();
        String path = path(references, references.size());
        if (error instanceof UnrecognizedPropertyException unknown) {
            String name = unknown.getPropertyName();
            boolean last = !references.isEmpty() && name.equals(references.get(references.size() - 1)
                    .getPropertyName());
            String parent = path(references, last ? references.size() - 1 : references.size());
            return "unknown property '" + (parent.isEmpty() ? name : parent + "." + name) + "'";
        }
        if (error instanceof InvalidNullException) {
            return "'" + path + "' must not be null";
        }
        if (error instanceof ValueInstantiationException) {
            Throwable cause = error.getCause();
            String reason = cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage();
            return "invalid value" + (path.isEmpty() ? "" : " for '" + path + "'") + reason;
        }
        if (error instanceof InvalidTypeIdException) {
            return "missing or unknown type" + (path.isEmpty() ? "" : " for '" + path + "'");
        }
        if (error instanceof MismatchedInputException mismatch) {
            String expected = expected(mismatch.getTargetType());
            return path.isEmpty() ? "the body must be " + expected
                    : "invalid value for '" + path + "': expected " + expected;
        }
        if (error instanceof StreamReadException) {
            return "malformed JSON" + location(error.getLocation());
        }
        return "invalid JSON" + (path.isEmpty() ? "" : " at '" + path + "'");
    }

    /** The first {@code count} references as {@code author.tags[2]}. */
    private static String path(List<JacksonException.Reference> references, int count) {
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < count; i++) {
            JacksonException.Reference reference = references.get(i);
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

    private static String location(TokenStreamLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /** What a value of {@code type} looks like in JSON. */
    private static String expected(Class<?> type) {
        if (type == null) {
            return "a value of another kind";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isPrimitive() && type != char.class || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (type == char.class || type == Character.class || CharSequence.class.isAssignableFrom(type)
                || type == UUID.class) {
            return "a string";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (TemporalAccessor.class.isAssignableFrom(type) || Date.class
                .isAssignableFrom(type)) {
            return "a date or time in ISO-8601 form";
        }
        if (Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.")) {
            return "an object";
        }
        return "a value of another kind";
    }
}
