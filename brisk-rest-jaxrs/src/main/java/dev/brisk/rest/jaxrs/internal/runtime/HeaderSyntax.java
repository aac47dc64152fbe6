package dev.brisk.rest.jaxrs.internal.runtime;

import java.util.ArrayList;
import java.util.List;

/** Lexical helpers for HTTP header values: tokens, quoted strings and separator-aware splitting (RFC 9110 §5.6). */
final class HeaderSyntax {

    private static final String SEPARATORS = "()<>@,;:\\\"/[]?={} \t";

    private HeaderSyntax() {
    }

    /** Whether {@code c} may appear in an RFC 9110 token. */
    static boolean isTokenChar(char c) {
        return c > 0x20 && c < 0x7f && SEPARATORS.indexOf(c) < 0;
    }

    /** Whether {@code s} is a non-empty token. */
    static boolean isToken(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!isTokenChar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** {@code value} unchanged when it is a token, otherwise as a quoted string. */
    static String quoteIfNeeded(String value) {
        return isToken(value) ? value : quote(value);
    }

    /** {@code value} as a quoted string, escaping {@code "} and {@code \}. */
    static String quote(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    /** {@code value} trimmed and, when it is a quoted string, with the quotes and escapes removed. */
    static String unquote(String value) {
        String v = value.trim();
        if (v.length() < 2 || v.charAt(0) != '"' || v.charAt(v.length() - 1) != '"') {
            return v;
        }
        StringBuilder sb = new StringBuilder(v.length());
        for (int i = 1; i < v.length() - 1; i++) {
            char c = v.charAt(i);
            if (c == '\\' && i + 1 < v.length() - 1) {
                c = v.charAt(++i);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /**
     * Splits {@code value} at each {@code separator} that is outside quoted strings and angle brackets; parts are
     * trimmed and empty parts dropped.
     */
    static List<String> split(String value, char separator) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        boolean bracketed = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (quoted) {
                current.append(c);
                if (c == '\\' && i + 1 < value.length()) {
                    current.append(value.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"') {
                quoted = true;
                current.append(c);
            } else if (c == '<') {
                bracketed = true;
                current.append(c);
            } else if (c == '>') {
                bracketed = false;
                current.append(c);
            } else if (c == separator && !bracketed) {
                addTrimmed(parts, current);
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        addTrimmed(parts, current);
        return parts;
    }

    private static void addTrimmed(List<String> parts, CharSequence part) {
        String s = part.toString().trim();
        if (!s.isEmpty()) {
            parts.add(s);
        }
    }

    /** A {@code name=value} pair; {@code value} is null when there is no '=' and is unquoted otherwise. */
    record Param(String name, String value) {
        static Param parse(String part) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                return new Param(part.trim(), null);
            }
            return new Param(part.substring(0, eq).trim(), unquote(part.substring(eq + 1)));
        }
    }

    /** Fails with {@code IllegalArgumentException} naming the header type when {@code value} is null. */
    static String requireValue(String value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " header value is null");
        }
        return value;
    }
}
