package dev.brisk.rest.internal.observe;

/** The little JSON writing the access log, the health routes and problem bodies need: strings quoted and escaped. */
public final class Json {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Json() {
    }

    /** Appends {@code value} as a JSON string, control characters (C0, DEL and C1) escaped. */
    public static StringBuilder quote(StringBuilder out, String value) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c >= 0x7f && c < 0xa0) {
                        out.append("\\u00").append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }

    /** Appends {@code value}: numbers and booleans as such, anything else as a string. */
    static StringBuilder value(StringBuilder out, Object value) {
        if (value instanceof Number || value instanceof Boolean) {
            return out.append(value);
        }
        return quote(out, String.valueOf(value));
    }
}
