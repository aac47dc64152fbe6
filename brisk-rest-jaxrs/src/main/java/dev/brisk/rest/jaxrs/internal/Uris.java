package dev.brisk.rest.jaxrs.internal;

import io.netty.handler.codec.http.QueryStringDecoder;

import dev.brisk.http.common.PathDecoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Percent-decoding, query and matrix parameter parsing on raw (still encoded) request text. */
final class Uris {

    private Uris() {
    }

    /** Decodes %XX escapes (and '+' as a space when {@code plusIsSpace}: query and form text). */
    static String decode(String raw, boolean plusIsSpace) {
        if (raw.indexOf('%') < 0 && (!plusIsSpace || raw.indexOf('+') < 0)) {
            return raw;
        }
        if (plusIsSpace) {
            return QueryStringDecoder.decodeComponent(raw);
        }
        return PathDecoder.decode(raw);
    }

    /** Parses {@code a=1&b=2&a=3}, decoding names and values or leaving them as sent. */
    static Map<String, List<String>> parseQuery(String query, boolean decode) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return params;
        }
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            if (decode) {
                name = decode(name, true);
                value = decode(value, true);
            }
            params.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return params;
    }

    /** The path without matrix parameters ({@code /a;x=1/b} is {@code /a/b}). */
    static String stripMatrix(String path) {
        if (path.indexOf(';') < 0) {
            return path;
        }
        StringBuilder sb = new StringBuilder(path.length());
        boolean skipping = false;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '/') {
                skipping = false;
            } else if (c == ';') {
                skipping = true;
            }
            if (!skipping) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** The matrix parameters of one raw path segment ({@code books;author=x;year=1965}). */
    static Map<String, List<String>> matrix(String segment, boolean decode) {
        int semicolon = segment.indexOf(';');
        if (semicolon < 0) {
            return Map.of();
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (String pair : segment.substring(semicolon + 1).split(";")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            params.computeIfAbsent(decode ? decode(name, false) : name, k -> new ArrayList<>())
                    .add(decode ? decode(value, false) : value);
        }
        return params;
    }
}
