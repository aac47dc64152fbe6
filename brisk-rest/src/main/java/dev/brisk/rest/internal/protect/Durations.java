package dev.brisk.rest.internal.protect;

import java.time.Duration;
import java.time.format.DateTimeParseException;

/** Durations written in annotations: ISO-8601 ({@code PT2S}) or a number and a unit ({@code 500ms}, {@code 2s}). */
public final class Durations {

    private Durations() {
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException naming the text when it is neither form, or not positive
     */
    public static Duration parse(String text) {
        String value = text.trim();
        Duration duration;
        try {
            if (value.regionMatches(true, 0, "P", 0, 1)) {
                duration = Duration.parse(value);
            } else if (value.endsWith("ms")) {
                duration = Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2).trim()));
            } else if (value.endsWith("s")) {
                duration = Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1).trim()));
            } else if (value.endsWith("m")) {
                duration = Duration.ofMinutes(Long.parseLong(value.substring(0, value.length() - 1).trim()));
            } else {
                throw new IllegalArgumentException("not a duration: '" + text + "' (use PT2S, 500ms, 2s or 1m)");
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException("not a duration: '" + text + "' (use PT2S, 500ms, 2s or 1m)");
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("a timeout must be positive: '" + text + "'");
        }
        return duration;
    }
}
