package dev.brisk.http.common;

/**
 * The character rules of RFC 9110 and RFC 9112 that both sides check: tokens (methods, field names), field values,
 * request-target bytes, authorities, decimal field values and percent-encoding.
 */
public final class HttpSyntax {

    private static final boolean[] TCHAR = new boolean[256];

    static {
        for (char c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[c - 32] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
    }

    private HttpSyntax() {
    }

    /** Whether {@code b} may appear in a token (method, field name, chunk extension name). */
    public static boolean isTchar(int b) {
        return TCHAR[b & 0xFF];
    }

    /** Whether {@code b} may appear inside a field value (VCHAR, SP, HTAB, obs-text). */
    public static boolean isFieldValueByte(int b) {
        int c = b & 0xFF;
        return c >= 0x20 && c != 0x7F || c == '\t';
    }

    /** Whether {@code b} may appear in a request target: a visible US-ASCII byte (no space, control or 0x80+). */
    public static boolean isTargetByte(int b) {
        int c = b & 0xFF;
        return c > 0x20 && c < 0x7F;
    }

    /** Whether {@code value} is a plausible {@code Host} / {@code :authority}: reg-name, IP literal, port. */
    public static boolean isValidAuthority(CharSequence value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "-._~!$&'()*+,;=:[]%".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /**
     * A field value that must be one non-negative decimal number of at most 18 digits (Content-Length), or -1 when it
     * is not one: no sign, no whitespace, no other characters.
     */
    public static long parseDecimal(CharSequence value) {
        int length = value.length();
        if (length == 0 || length > 18) {
            return -1;
        }
        long result = 0;
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            result = result * 10 + (c - '0');
        }
        return result;
    }

    /** Whether {@code value} is a non-empty token (RFC 9110 5.6.2), as a method or field name must be. */
    public static boolean isToken(CharSequence value) {
        if (value.length() == 0) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xFF || !TCHAR[c]) {
                return false;
            }
        }
        return true;
    }

    /** Whether every {@code %} in {@code target} starts a valid escape of two hex digits. */
    public static boolean validPercentEncoding(String target) {
        for (int i = target.indexOf('%'); i >= 0; i = target.indexOf('%', i + 1)) {
            if (i + 2 >= target.length() || Character.digit(target.charAt(i + 1), 16) < 0
                    || Character.digit(target.charAt(i + 2), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Rejects a name that is not a token and a value with CR, LF or other control characters. */
    public static void validateField(CharSequence name, CharSequence value) {
        if (name == null || name.length() == 0) {
            throw new IllegalArgumentException("empty header name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c > 0xFF || !TCHAR[c]) {
                throw new IllegalArgumentException("invalid character in header name: " + name);
            }
        }
        if (value == null) {
            throw new IllegalArgumentException("null value for header " + name);
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xFF || !isFieldValueByte(c)) {
                throw new IllegalArgumentException("invalid character (code " + (int) c + ") in value of header "
                        + name);
            }
        }
    }

    /** {@code value} as a quoted string (RFC 9110, section 5.6.4): double-quoted, {@code "} and {@code \} escaped. */
    public static String quote(String value) {
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

    /** A parameter value as written: {@code value} itself when it is a token, else {@link #quote quoted}. */
    public static String quoteIfNeeded(String value) {
        return isToken(value) ? value : quote(value);
    }

    /**
     * A written parameter value as the value it stands for: trimmed, and when it is a quoted string, its content with
     * the quoted-pairs resolved ({@code "a\"b"} is {@code a"b}). The inverse of {@link #quoteIfNeeded}.
     */
    public static String unquote(String written) {
        String text = written.trim();
        if (text.length() < 2 || text.charAt(0) != '"' || text.charAt(text.length() - 1) != '"') {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 1; i < text.length() - 1; i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() - 1) {
                c = text.charAt(++i);
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
