package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.ProcessingException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
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
 * {@code ProcessingException}. Jackson 2's failures are described alike ({@link #describe(Exception, List, String,
 * Class, int, int)}).
 */
public final class JsonReadErrors {

    /** What is wrong with a body, whichever Jackson found it. */
    private enum Problem {
        /** A property the type does not have. */
        UNKNOWN_PROPERTY,
        /** {@code null} where the type takes none. */
        NULL,
        /** A value the type's constructor or factory refused. */
        INVALID_VALUE,
        /** A polymorphic value without a type Jackson knows. */
        TYPE_ID,
        /** A value of another kind than the type's (a string for a number, ...). */
        MISMATCH,
        /** Not JSON at all. */
        MALFORMED,
        /** Content after the value. */
        TRAILING,
        /** Anything else. */
        OTHER
    }

    /** Jackson's exceptions by simple name (the same in Jackson 2 and 3), with the problem each reports. */
    private static final Map<String, Problem> PROBLEMS = Map.of(
            "UnrecognizedPropertyException", Problem.UNKNOWN_PROPERTY,
            "InvalidNullException", Problem.NULL,
            "ValueInstantiationException", Problem.INVALID_VALUE,
            "InvalidTypeIdException", Problem.TYPE_ID,
            "MismatchedInputException", Problem.MISMATCH,
            "StreamReadException", Problem.MALFORMED);

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
        List<Object> path = new ArrayList<>();
        for (JacksonException.Reference reference : error.getPath()) {
            if (reference.getPropertyName() != null) {
                path.add(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.add(reference.getIndex());
            }
        }
        TokenStreamLocation location = error.getLocation();
        return describe(error, path,
                error instanceof UnrecognizedPropertyException unknown ? unknown.getPropertyName() : null,
                error instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null,
                location == null ? -1 : location.getLineNr(), location == null ? -1 : location.getColumnNr());
    }

    /**
     * What is wrong with a body Jackson — 3 or 2 — failed to read, in the body's terms.
     *
     * @param error   Jackson's exception, whose kind is told by its class's simple name (the same in Jackson 2 and 3)
     * @param path    where in the body: property names ({@code String}) and array indexes ({@code Integer})
     * @param unknown the unknown property, if that is the problem (the path may end with it already)
     * @param target  the Java type the value should have become, if known
     * @param line    the line of a malformed body (from 1; below 1 when unknown)
     */
    public static String describe(Exception error, List<Object> path, String unknown, Class<?> target, int line,
                                  int column) {
        if (unknown != null && (path.isEmpty() || !unknown.equals(path.get(path.size() - 1)))) {
            path = new ArrayList<>(path);
            path.add(unknown);
        }
        String at = path(path);
        String where = at.isEmpty() ? "" : " for '" + at + "'";
        return switch (problem(error)) {
            case UNKNOWN_PROPERTY -> "unknown property '" + at + "'";
            case NULL -> "'" + at + "' must not be null";
            case INVALID_VALUE -> "invalid value" + where + reason(error.getCause());
            case TYPE_ID -> "missing or unknown type" + where;
            case MISMATCH -> at.isEmpty() ? "the body must be " + expected(target)
                    : "invalid value" + where + ": expected " + expected(target);
            case MALFORMED -> "malformed JSON" + (line < 1 ? "" : " at line " + line + ", column " + column);
            case TRAILING -> "content after the JSON value" + (line < 1 ? "" : " at line " + line + ", column "
                    + column);
            case OTHER -> "invalid JSON" + (at.isEmpty() ? "" : " at '" + at + "'");
        };
    }

    /** The problem Jackson's {@code error} reports: that of its class or closest superclass that names one. */
    private static Problem problem(Exception error) {
        if (error.getMessage() != null && error.getMessage().startsWith("Trailing token")) {
            return Problem.TRAILING; // Jackson's words for it (2 and 3), which has no exception of its own
        }
        for (Class<?> c = error.getClass(); c != null; c = c.getSuperclass()) {
            Problem problem = PROBLEMS.get(c.getSimpleName());
            if (problem != null) {
                return problem;
            }
        }
        return Problem.OTHER;
    }

    /** A path as {@code author.tags[2]}. */
    private static String path(List<Object> path) {
        StringBuilder text = new StringBuilder();
        for (Object step : path) {
            if (step instanceof Integer index) {
                text.append('[').append(index).append(']');
            } else {
                if (text.length() > 0) {
                    text.append('.');
                }
                text.append(step);
            }
        }
        return text.toString();
    }

    private static String reason(Throwable cause) {
        return cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage();
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
