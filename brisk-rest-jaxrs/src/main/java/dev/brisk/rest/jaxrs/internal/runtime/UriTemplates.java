package dev.brisk.rest.jaxrs.internal.runtime;

import java.util.Collection;
import java.util.Map;

/**
 * Finds and expands URI templates: {@code {name}} and {@code {name: regex}}, where the regex may itself hold
 * braces ({@code {id: [0-9]{3}}}). The regex only matters for matching requests and is dropped on expansion.
 */
final class UriTemplates {

    private UriTemplates() {
    }

    /** The index of the '}' closing the template opened at {@code open}, or -1 when it is not closed. */
    static int templateEnd(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The name of the template spanning {@code open..close}: its text up to any ':', trimmed. */
    static String name(String s, int open, int close) {
        String body = s.substring(open + 1, close);
        int colon = body.indexOf(':');
        return (colon < 0 ? body : body.substring(0, colon)).trim();
    }

    /** Adds the names of the templates in {@code s}, in order of appearance, to {@code names}. */
    static void collectNames(String s, Collection<String> names) {
        if (s == null) {
            return;
        }
        for (int i = s.indexOf('{'); i >= 0; ) {
            int end = templateEnd(s, i);
            if (end < 0) {
                return;
            }
            String name = name(s, i, end);
            if (!names.contains(name)) {
                names.add(name);
            }
            i = s.indexOf('{', end + 1);
        }
    }

    /**
     * {@code s} with the same length but every character of every template replaced by 'x', so that delimiters
     * inside template regexes are not mistaken for URI delimiters.
     */
    static String mask(String s) {
        if (s.indexOf('{') < 0) {
            return s;
        }
        char[] chars = s.toCharArray();
        for (int i = s.indexOf('{'); i >= 0; ) {
            int end = templateEnd(s, i);
            if (end < 0) {
                break;
            }
            for (int j = i; j <= end; j++) {
                chars[j] = 'x';
            }
            i = s.indexOf('{', end + 1);
        }
        return new String(chars);
    }

    /**
     * Replaces each template of {@code s} that has an entry in {@code values} with that value encoded for
     * {@code component}; templates without an entry are kept as they are.
     *
     * @param keepEscapes keep valid {@code %XX} escapes of the values (values given already encoded)
     */
    static String expand(String s, Map<String, String> values, UriComponent component, boolean keepEscapes) {
        if (s == null || s.indexOf('{') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        int from = 0;
        for (int i = s.indexOf('{'); i >= 0; ) {
            int end = templateEnd(s, i);
            if (end < 0) {
                break;
            }
            String value = values.get(name(s, i, end));
            sb.append(s, from, i);
            if (value == null) {
                sb.append(s, i, end + 1);
            } else {
                sb.append(component.encode(value, false, keepEscapes));
            }
            from = end + 1;
            i = s.indexOf('{', from);
        }
        return sb.append(s, from, s.length()).toString();
    }
}
