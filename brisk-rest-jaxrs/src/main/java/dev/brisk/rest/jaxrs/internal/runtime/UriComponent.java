package dev.brisk.rest.jaxrs.internal.runtime;

import java.nio.charset.StandardCharsets;

/**
 * The components of a URI with the characters RFC 3986 allows in each unencoded; everything else is
 * percent-encoded as UTF-8. Query parameter names and values additionally encode {@code & = +} so that they read
 * back the same as {@code application/x-www-form-urlencoded} data; spaces become {@code %20} everywhere.
 */
enum UriComponent {
    SCHEME("+"),
    USER_INFO(UriComponent.SUB_DELIMS + ":"),
    HOST(UriComponent.SUB_DELIMS + "[]:"),
    PORT(""),
    PATH(UriComponent.SUB_DELIMS + ":@/"),
    PATH_SEGMENT("!$&'()*+,=:@"),
    MATRIX_PARAM("!$&'()*+,:@"),
    QUERY(UriComponent.SUB_DELIMS + ":@/?"),
    QUERY_PARAM("!$'()*,;:@/?"),
    FRAGMENT(UriComponent.SUB_DELIMS + ":@/?");

    private static final String SUB_DELIMS = "!$&'()*+,;=";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final boolean[] allowed = new boolean[128];

    UriComponent(String extra) {
        for (char c = '0'; c <= '9'; c++) {
            allowed[c] = true;
        }
        if (!extra.isEmpty()) {
            for (char c = 'a'; c <= 'z'; c++) {
                allowed[c] = true;
                allowed[Character.toUpperCase(c)] = true;
            }
            for (char c : (extra + "-._~").toCharArray()) {
                allowed[c] = true;
            }
        }
    }

    /**
     * Percent-encodes the characters of {@code s} this component does not allow.
     *
     * @param keepTemplates leave {@code {name}} and {@code {name: regex}} templates untouched
     * @param keepEscapes   leave valid {@code %XX} escapes untouched instead of encoding their {@code %}
     */
    String encode(String s, boolean keepTemplates, boolean keepEscapes) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            int end;
            if (keepTemplates && c == '{' && (end = UriTemplates.templateEnd(s, i)) > 0) {
                if (sb != null) {
                    sb.append(s, i, end + 1);
                }
                i = end + 1;
            } else if (c < 128 && allowed[c] || keepEscapes && isEscape(s, i)) {
                if (sb != null) {
                    sb.append(c);
                }
                i++;
            } else {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                int cp = s.codePointAt(i);
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    sb.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
                }
                i += Character.charCount(cp);
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static boolean isEscape(String s, int i) {
        return s.charAt(i) == '%' && i + 2 < s.length()
                && Character.digit(s.charAt(i + 1), 16) >= 0 && Character.digit(s.charAt(i + 2), 16) >= 0;
    }
}
