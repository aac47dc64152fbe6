package dev.brisk.http.internal.compress;

import java.util.List;
import java.util.Locale;

/**
 * Matches a {@code Content-Type} against the configured compressible types: exact, {@code type/*}, {@code *+suffix}.
 * Server-Sent Events are never compressed.
 */
final class CompressibleTypes {

    private final String[] exact;
    private final String[] prefixes;
    private final String[] suffixes;

    CompressibleTypes(List<String> patterns) {
        exact = patterns.stream().filter(p -> !p.endsWith("/*") && !p.startsWith("*+")).map(CompressibleTypes::lower)
                .toArray(String[]::new);
        prefixes = patterns.stream().filter(p -> p.endsWith("/*")).map(p -> lower(p.substring(0, p.length() - 1)))
                .toArray(String[]::new);
        suffixes = patterns.stream().filter(p -> p.startsWith("*+")).map(p -> lower(p.substring(1)))
                .toArray(String[]::new);
    }

    private static String lower(String text) {
        return text.strip().toLowerCase(Locale.ROOT);
    }

    /** Whether a body of {@code contentType} (the field value, parameters allowed) is worth compressing. */
    boolean matches(CharSequence contentType) {
        if (contentType == null) {
            return false;
        }
        String value = contentType.toString();
        int semicolon = value.indexOf(';');
        String type = lower(semicolon >= 0 ? value.substring(0, semicolon) : value);
        if (type.equals("text/event-stream")) {
            return false;      // events must reach the client as they are sent, not when an encoder block fills
        }
        for (String candidate : exact) {
            if (candidate.equals(type)) {
                return true;
            }
        }
        for (String prefix : prefixes) {
            if (type.startsWith(prefix)) {
                return true;
            }
        }
        for (String suffix : suffixes) {
            if (type.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }
}
