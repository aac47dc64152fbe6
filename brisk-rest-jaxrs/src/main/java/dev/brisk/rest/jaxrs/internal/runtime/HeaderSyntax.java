package dev.brisk.rest.jaxrs.internal.runtime;

import dev.brisk.codec.MediaType;
import dev.brisk.http.common.HttpSyntax;
import java.util.ArrayList;
import java.util.List;

/**
 * Splitting of HTTP header values at separators outside quoted strings and angle brackets, and {@code name=value}
 * pairs. Tokens and quoted strings (RFC 9110, section 5.6) are {@link MediaType}'s rules.
 */
final class HeaderSyntax {

    private HeaderSyntax() {
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
            return new Param(part.substring(0, eq).trim(), HttpSyntax.unquote(part.substring(eq + 1)));
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
