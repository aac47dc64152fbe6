package dev.brisk.client.internal;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Expands {@code {name}} placeholders of a URI template with values given in order, each percent-encoded (UTF-8) for
 * where it stands: in the path it cannot add a segment, a query or a fragment; in the query it cannot add a
 * parameter; in the fragment it stays in the fragment.
 */
public final class UriTemplates {

    /** Characters left as they are, per part (RFC 3986 unreserved plus what is literal there). */
    private static final String UNRESERVED = "-._~";
    private static final String IN_PATH_SEGMENT = UNRESERVED + "!$&'()*+,=:@";
    private static final String IN_QUERY_VALUE = UNRESERVED + "!$'()*,;:@/?";
    private static final String IN_FRAGMENT = UNRESERVED + "!$&'()*+,;=:@/?";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UriTemplates() {
    }

    /**
     * {@code template} with its placeholders replaced by {@code values} in order.
     *
     * @throws IllegalArgumentException naming the template when the number of values differs from the number of
     *                                  placeholders, a value is {@code null} or a brace is not closed
     */
    public static String expand(String template, Object... values) {
        Objects.requireNonNull(template, "uriTemplate");
        Objects.requireNonNull(values, "uriVariables");
        int placeholders = count(template);
        if (placeholders != values.length) {
            throw new IllegalArgumentException("URI template \"" + template + "\" has " + placeholders
                    + " placeholder(s) but " + values.length + " variable(s) were given");
        }
        if (placeholders == 0) {
            return template;
        }
        StringBuilder out = new StringBuilder(template.length() + 16 * placeholders);
        String allowed = IN_PATH_SEGMENT;
        int next = 0;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{') {
                int close = template.indexOf('}', i);
                Object value = values[next];
                if (value == null) {
                    throw new IllegalArgumentException("URI template \"" + template + "\": the value for "
                            + template.substring(i, close + 1) + " (variable " + next + ") is null");
                }
                next++;
                encode(String.valueOf(value), allowed, out);
                i = close;
                continue;
            }
            if (c == '?' && allowed == IN_PATH_SEGMENT) {
                allowed = IN_QUERY_VALUE;
            } else if (c == '#') {
                allowed = IN_FRAGMENT;
            }
            out.append(c);
        }
        return out.toString();
    }

    private static int count(String template) {
        int count = 0;
        for (int i = template.indexOf('{'); i >= 0; i = template.indexOf('{', i + 1)) {
            int close = template.indexOf('}', i);
            int nested = template.indexOf('{', i + 1);
            if (close < 0 || nested >= 0 && nested < close) {
                throw new IllegalArgumentException("URI template \"" + template + "\" has an unclosed '{' at index "
                        + i);
            }
            count++;
            i = close;
        }
        return count;
    }

    private static void encode(String value, String allowed, StringBuilder out) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 128 && (Character.isLetterOrDigit(c) || allowed.indexOf(c) >= 0)) {
                out.append(c);
                continue;
            }
            int end = Character.isHighSurrogate(c) && i + 1 < value.length() ? i + 2 : i + 1;
            for (byte b : value.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
                out.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
            }
            i = end - 1;
        }
    }
}
