package dev.brisk.rest.internal.staticfiles;

/**
 * A single byte range of a {@code Range} field (RFC 9110, section 14.1.2) resolved against a length:
 * {@code bytes=0-99}, {@code bytes=100-}, {@code bytes=-100}. A field with several ranges, another unit or bad syntax
 * is ignored (the whole body is sent, as the RFC allows); a range that starts at or past the end is unsatisfiable.
 *
 * @param start first byte, inclusive
 * @param end   last byte, inclusive
 */
record ByteRange(long start, long end) {

    /** The field asks for nothing this server honours: send the whole body. */
    static final ByteRange IGNORED = new ByteRange(-1, -1);
    /** No byte of the body is in the range: 416. */
    static final ByteRange UNSATISFIABLE = new ByteRange(-2, -2);

    long length() {
        return end - start + 1;
    }

    static ByteRange parse(String field, long size) {
        String value = field.strip();
        if (value.length() < 7 || !value.regionMatches(true, 0, "bytes=", 0, 6) || value.indexOf(',') >= 0) {
            return IGNORED;
        }
        String spec = value.substring(6).strip();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return IGNORED;
        }
        String first = spec.substring(0, dash).strip();
        String last = spec.substring(dash + 1).strip();
        long from = number(first);
        long to = number(last);
        if (first.isEmpty()) {                      // suffix: the last N bytes
            if (to < 0) {
                return IGNORED;
            }
            if (to == 0 || size == 0) {
                return UNSATISFIABLE;
            }
            return new ByteRange(Math.max(0, size - to), size - 1);
        }
        if (from < 0 || !last.isEmpty() && (to < 0 || to < from)) {
            return IGNORED;
        }
        if (from >= size) {
            return UNSATISFIABLE;
        }
        return new ByteRange(from, last.isEmpty() ? size - 1 : Math.min(to, size - 1));
    }

    private static long number(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(text);
    }
}
