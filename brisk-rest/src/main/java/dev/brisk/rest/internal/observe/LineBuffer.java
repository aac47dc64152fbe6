package dev.brisk.rest.internal.observe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One access log line as UTF-8 bytes, reused from line to line by the writer thread: the formatter appends the parts
 * it keeps encoded (timestamps, client addresses, literals) as array copies, the request target eight bytes at a time
 * from the ring, and everything else through one encoding loop; a file takes the bytes as they are, a logger a string.
 * What a client sent and a quoted field shows ({@link #appendQuoted}, {@link #appendLatin1}) has {@code "}, {@code \}
 * and control characters written as {@code \xHH}, as nginx writes them, so no value can end its field early or
 * start a new line.
 */
final class LineBuffer {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    private byte[] bytes = new byte[256];
    private int length;

    void clear() {
        length = 0;
    }

    /** The line's bytes, {@code [0, length())}; valid until the next append. */
    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    private void room(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }

    /** Appends bytes already encoded. */
    LineBuffer append(byte[] encoded) {
        room(encoded.length);
        System.arraycopy(encoded, 0, bytes, length, encoded.length);
        length += encoded.length;
        return this;
    }

    /** Appends an ASCII character. */
    LineBuffer append(char ascii) {
        room(1);
        bytes[length++] = (byte) ascii;
        return this;
    }

    /** Appends {@code number} in decimal. */
    LineBuffer append(long number) {
        if (number < 0) {
            if (number == Long.MIN_VALUE) {
                return append(Long.toString(number));
            }
            append('-');
            number = -number;
        }
        int digits = 1;
        for (long n = number; n >= 10; n /= 10) {
            digits++;
        }
        room(digits);
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + number % 10);
            number /= 10;
        }
        length += digits;
        return this;
    }

    /** Appends {@code text} in UTF-8 (a lone surrogate becomes {@code ?}, as the JDK's encoder writes it). */
    LineBuffer append(CharSequence text) {
        int n = text.length();
        room(n);
        byte[] out = bytes;
        int at = length;
        int i = 0;
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                break;
            }
            out[at++] = (byte) c;
        }
        length = at;
        if (i < n) {
            appendNonAscii(text, i);
        }
        return this;
    }

    private void appendNonAscii(CharSequence text, int from) {
        int n = text.length();
        for (int i = from; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                append(c);
            } else if (c < 0x800) {
                room(2);
                bytes[length++] = (byte) (0xc0 | c >> 6);
                bytes[length++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                int code = Character.toCodePoint(c, text.charAt(++i));
                room(4);
                bytes[length++] = (byte) (0xf0 | code >> 18);
                bytes[length++] = (byte) (0x80 | code >> 12 & 0x3f);
                bytes[length++] = (byte) (0x80 | code >> 6 & 0x3f);
                bytes[length++] = (byte) (0x80 | code & 0x3f);
            } else if (Character.isSurrogate(c)) {
                append('?');
            } else {
                room(3);
                bytes[length++] = (byte) (0xe0 | c >> 12);
                bytes[length++] = (byte) (0x80 | c >> 6 & 0x3f);
                bytes[length++] = (byte) (0x80 | c & 0x3f);
            }
        }
    }

    /**
     * Appends {@code text} as the inside of a quoted field: {@code "}, {@code \} and control characters (C0, DEL and
     * C1) as {@code \xHH}, everything else in UTF-8.
     */
    LineBuffer appendQuoted(CharSequence text) {
        int n = text.length();
        int from = 0;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (escaped(c)) {
                if (from < i) {
                    append(text.subSequence(from, i));
                }
                appendEscape(c);
                from = i + 1;
            }
        }
        return from == 0 ? append(text) : append(text.subSequence(from, n));
    }

    private static boolean escaped(int c) {
        return c < 0x20 || c == '"' || c == '\\' || c >= 0x7f && c < 0xa0;
    }

    private void appendEscape(int c) {
        room(4);
        bytes[length++] = '\\';
        bytes[length++] = 'x';
        bytes[length++] = HEX[c >> 4 & 0xf];
        bytes[length++] = HEX[c & 0xf];
    }

    /**
     * Appends {@code count} ISO-8859-1 characters packed eight to a long, the first in the lowest byte, from
     * {@code words[from]} on, escaped as {@link #appendQuoted} escapes them: a word of printable ASCII with neither
     * {@code "} nor {@code \} is copied whole.
     */
    LineBuffer appendLatin1(long[] words, int from, int count) {
        room(count * 4 + Long.BYTES);
        for (int i = 0; i < count; i += Long.BYTES) {
            long word = words[from + (i >>> 3)];
            int inWord = Math.min(Long.BYTES, count - i);
            if (plain(inWord == Long.BYTES ? word : masked(word, inWord))) {
                LONGS.set(bytes, length, word); // may write past the line's end: those bytes are overwritten or ignored
                length += inWord;
            } else {
                for (int b = 0; b < inWord; b++) {
                    int c = (int) (word >>> (b << 3)) & 0xff;
                    if (escaped(c)) {
                        appendEscape(c);
                    } else if (c < 0x80) {
                        bytes[length++] = (byte) c;
                    } else {
                        bytes[length++] = (byte) (0xc0 | c >> 6);
                        bytes[length++] = (byte) (0x80 | c & 0x3f);
                    }
                }
            }
        }
        return this;
    }

    /** Whether all eight bytes of {@code word} are printable ASCII other than {@code "} and {@code \}. */
    private static boolean plain(long word) {
        long suspect = word & HIGH_BITS
                | (word - ONES * 0x20) & ~word & HIGH_BITS  // a byte below 0x20
                | zeroByte(word ^ ONES * '"') | zeroByte(word ^ ONES * '\\') | zeroByte(word ^ ONES * 0x7f);
        return suspect == 0;
    }

    /** {@code word}'s first {@code bytes} bytes, the others made a letter. */
    private static long masked(long word, int bytes) {
        long used = -1L >>> ((Long.BYTES - bytes) << 3);
        return word & used | ~used & ONES * 'a';
    }

    private static long zeroByte(long word) {
        return (word - ONES) & ~word & HIGH_BITS;
    }

    /** The line as a string. */
    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
