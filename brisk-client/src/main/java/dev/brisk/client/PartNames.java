package dev.brisk.client;

import java.util.Objects;

/** Checks the names, file names and content types written into multipart and form bodies. */
final class PartNames {

    private PartNames() {
    }

    /** A non-empty name without control characters, {@code "} or {@code \} (they cannot be quoted safely). */
    static void check(String what, String name) {
        Objects.requireNonNull(name, what);
        if (name.isEmpty()) {
            throw new IllegalArgumentException(what + " is empty");
        }
        checkCharacters(what + " \"" + name + "\"", name);
    }

    /** A file name: may be empty (then none is sent), same characters as a name. */
    static void checkFilename(String part, String filename) {
        Objects.requireNonNull(filename, "filename of part " + part);
        checkCharacters("filename \"" + filename + "\" of part " + part, filename);
    }

    static void checkContentType(String part, String contentType) {
        Objects.requireNonNull(contentType, "content type of part " + part);
        if (contentType.isBlank() || contentType.chars().anyMatch(c -> c < ' ' || c == 0x7f)) {
            throw new IllegalArgumentException("invalid content type of part " + part + ": \"" + contentType + "\"");
        }
    }

    private static void checkCharacters(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < ' ' || c == 0x7f || c == '"' || c == '\\') {
                throw new IllegalArgumentException(what + " has a character a multipart header cannot carry "
                        + String.format("(0x%02x at index %d)", (int) c, i));
            }
        }
    }
}
