package dev.brisk.rest.jaxrs.internal;

import jakarta.ws.rs.core.MediaType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Conversions between Jakarta REST media types, their header text and Brisk's {@link dev.brisk.codec.MediaType}. */
public final class MediaTypes {

    /** What a request without an Accept header accepts. */
    static final List<dev.brisk.codec.MediaType> ANY = List.of(dev.brisk.codec.MediaType.ALL);

    private MediaTypes() {
    }

    /** Parses {@code @Produces}/{@code @Consumes} values (each may hold several comma-separated types). */
    public static List<MediaType> parse(String[] values) {
        if (values == null) {
            return List.of();
        }
        List<MediaType> types = new ArrayList<>();
        for (String value : values) {
            for (dev.brisk.codec.MediaType type : dev.brisk.codec.MediaType.parseList(value)) {
                types.add(toJaxRs(type));
            }
        }
        return List.copyOf(types);
    }

    public static MediaType toJaxRs(dev.brisk.codec.MediaType type) {
        return new MediaType(type.type(), type.subtype(), type.parameters());
    }

    public static dev.brisk.codec.MediaType toBrisk(MediaType type) {
        if (type.getParameters().isEmpty()) {
            return dev.brisk.codec.MediaType.of(type.getType(), type.getSubtype());
        }
        return dev.brisk.codec.MediaType.parse(text(type));
    }

    /** A Content-Type header value as the application set it (a {@code MediaType} or text). */
    static dev.brisk.codec.MediaType toBrisk(Object headerValue) {
        return headerValue instanceof MediaType type ? toBrisk(type)
                : dev.brisk.codec.MediaType.parse(headerValue.toString());
    }

    /** The header text of {@code type} ({@code type/subtype;name=value}). */
    public static String text(MediaType type) {
        StringBuilder sb = new StringBuilder(type.getType()).append('/').append(type.getSubtype());
        for (Map.Entry<String, String> parameter : type.getParameters().entrySet()) {
            sb.append(';').append(parameter.getKey()).append('=').append(parameter.getValue());
        }
        return sb.toString();
    }

    /** {@code @Produces}/{@code @Consumes} values as route conditions. */
    public static String[] conditions(List<MediaType> types) {
        return types.stream().map(MediaTypes::text).toArray(String[]::new);
    }
}
