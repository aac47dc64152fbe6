package dev.brisk.rest.servlet.internal;

import java.util.Locale;

/** What the servlet views read from a {@code Content-Type} value. */
final class MediaTypes {

    private MediaTypes() {
    }

    /** The {@code charset} parameter of {@code contentType}, unquoted; null when it has none. */
    static String charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        for (String parameter : contentType.split(";")) {
            String trimmed = parameter.trim();
            if (trimmed.regionMatches(true, 0, "charset=", 0, 8)) {
                String value = trimmed.substring(8).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                return value.isEmpty() ? null : value;
            }
        }
        return null;
    }

    /** {@code contentType} with its charset parameter set to {@code charset} (replaced or added). */
    static String withCharset(String contentType, String charset) {
        StringBuilder result = new StringBuilder();
        for (String parameter : contentType.split(";")) {
            String trimmed = parameter.trim();
            if (!trimmed.regionMatches(true, 0, "charset=", 0, 8) && !trimmed.isEmpty()) {
                result.append(result.length() == 0 ? "" : ";").append(trimmed);
            }
        }
        return result.append(";charset=").append(charset).toString();
    }

    /** Whether {@code contentType} is {@code application/x-www-form-urlencoded}. */
    static boolean isForm(String contentType) {
        return contentType != null && contentType.toLowerCase(Locale.ROOT).trim()
                .startsWith("application/x-www-form-urlencoded");
    }
}
