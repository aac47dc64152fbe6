package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.MediaType;

import java.util.ArrayList;
import java.util.List;

/**
 * Conversions between Jakarta REST media types, their header text and Brisk's {@link dev.brisk.codec.MediaType},
 * which does all parsing, formatting and matching. Jakarta REST media types are values as written: parameter values
 * keep their case and {@code q} is a parameter ({@link dev.brisk.codec.MediaType#parseAsWritten}).
 */
public final class MediaTypes {

    private MediaTypes() {
    }

    /**
     * Parses header text as {@code MediaType.valueOf} does; a lone {@code *} is the wildcard type, as Jakarta REST
     * implementations read it.
     *
     * @throws IllegalArgumentException for null or text that is not a media type
     */
    public static MediaType fromString(String text) {
        String value = HeaderSyntax.requireValue(text, "media type");
        int semicolon = value.indexOf(';');
        if ((semicolon < 0 ? value : value.substring(0, semicolon)).trim().equals("*")) {
            value = "*/*" + (semicolon < 0 ? "" : value.substring(semicolon));
        }
        return toJaxRs(dev.brisk.codec.MediaType.parseAsWritten(value));
    }

    /**
     * The header text of {@code type}: {@code type/subtype;name=value}, values quoted where they are not tokens.
     *
     * @throws IllegalArgumentException when {@code type} is null or not a valid media type
     */
    public static String toString(MediaType type) {
        if (type == null) {
            throw new IllegalArgumentException("media type is null");
        }
        return toBrisk(type).toCompactString();
    }

    /** Parses {@code @Produces}/{@code @Consumes} values (each may hold several comma-separated types). */
    public static List<dev.brisk.codec.MediaType> parse(String[] values) {
        if (values == null) {
            return List.of();
        }
        List<dev.brisk.codec.MediaType> types = new ArrayList<>();
        for (String value : values) {
            types.addAll(dev.brisk.codec.MediaType.parseList(value));
        }
        return List.copyOf(types);
    }

    /** {@code type} with its parameters (the quality is not one of them). */
    public static MediaType toJaxRs(dev.brisk.codec.MediaType type) {
        return new MediaType(type.type(), type.subtype(), type.parameters());
    }

    /**
     * {@code type} with its parameters as written.
     *
     * @throws IllegalArgumentException when type, subtype or a parameter name is not a token
     */
    public static dev.brisk.codec.MediaType toBrisk(MediaType type) {
        return dev.brisk.codec.MediaType.of(type.getType(), type.getSubtype(), type.getParameters());
    }

    /** A Content-Type header value as the application set it (a {@code MediaType} or text). */
    public static dev.brisk.codec.MediaType toBrisk(Object headerValue) {
        return headerValue instanceof MediaType type ? toBrisk(type)
                : dev.brisk.codec.MediaType.parse(headerValue.toString());
    }

    /** {@code @Produces}/{@code @Consumes} types as route conditions. */
    public static String[] conditions(List<dev.brisk.codec.MediaType> types) {
        return types.stream().map(dev.brisk.codec.MediaType::toString).toArray(String[]::new);
    }
}
