package dev.brisk.http.common;

import java.util.List;

/**
 * The {@code Vary} response field (RFC 9110, 12.5.5): a list of request field names, possibly sent as several field
 * lines, which count as one list (5.3). Whoever adds a name must keep the names others put there, on every line.
 */
public final class Vary {

    private static final String FIELD = "vary";

    private Vary() {
    }

    /**
     * Adds {@code name} to the {@code Vary} of {@code headers} unless it lists it already or is {@code *}; the lines
     * there are joined into one.
     */
    public static void add(WritableHeaders headers, String name) {
        List<String> lines = headers.all(FIELD);
        if (lines.isEmpty()) {
            headers.set(FIELD, name);
            return;
        }
        StringBuilder joined = new StringBuilder();
        for (String line : lines) {
            for (String element : line.split(",")) {
                String listed = element.strip();
                if (listed.equals("*") || listed.equalsIgnoreCase(name)) {
                    return;
                }
                if (!listed.isEmpty()) {
                    joined.append(joined.isEmpty() ? "" : ", ").append(listed);
                }
            }
        }
        headers.set(FIELD, joined.isEmpty() ? name : joined.append(", ").append(name).toString());
    }
}
