package dev.brisk.rest.servlet.internal;

import dev.brisk.codec.MediaType;

/** What the servlet views read from a {@code Content-Type} value, which may be malformed (then it says nothing). */
final class MediaTypes {

    private MediaTypes() {
    }

    private static MediaType parse(String contentType) {
        if (contentType == null) {
            return null;
        }
        try {
            return MediaType.parse(contentType);
        } catch (IllegalArgumentException malformed) {
            return null;
        }
    }

    /** The {@code charset} parameter of {@code contentType}; null when it has none. */
    static String charset(String contentType) {
        MediaType type = parse(contentType);
        return type == null ? null : type.parameters().get("charset");
    }

    /** {@code contentType} with its charset parameter set to {@code charset}, written as servlet containers write it. */
    static String withCharset(String contentType, String charset) {
        MediaType type = parse(contentType);
        if (type == null) {
            return contentType;
        }
        StringBuilder result = new StringBuilder(type.type()).append('/').append(type.subtype());
        type.parameters().forEach((name, value) -> {
            if (!name.equalsIgnoreCase("charset")) {
                result.append(';').append(name).append('=').append(value);
            }
        });
        return result.append(";charset=").append(charset).toString();
    }

    /** Whether {@code contentType} is {@code application/x-www-form-urlencoded}. */
    static boolean isForm(String contentType) {
        MediaType type = parse(contentType);
        return type != null && type.equalsTypeAndSubtype(MediaType.APPLICATION_FORM_URLENCODED);
    }
}
