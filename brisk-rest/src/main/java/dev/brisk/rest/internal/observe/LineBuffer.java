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
 */
final class LineBuffer {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

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
     * Appends {@code count} ISO-8859-1 characters packed eight to a long, the first in the lowest byte, from
     * {@code words[from]} on: a word of ASCII is copied whole.
     */
    LineBuffer appendLatin1(long[] words, int from, int count) {
        room(count * 2 + Long.BYTES);
        byte[] out = bytes;
        int at = length;
        for (int i = 0; i < count; i += Long.BYTES) {
            long word = words[from + (i >>> 3)];
            int inWord = Math.min(Long.BYTES, count - i);
            if ((word & HIGH_BITS) == 0) {
                LONGS.set(out, at, word); // may write past the line's end: those bytes are overwritten or ignored
                at += inWord;
            } else {
                for (int b = 0; b < inWord; b++) {
                    int c = (int) (word >>> (b << 3)) & 0xff;
                    if (c < 0x80) {
                        out[at++] = (byte) c;
                    } else {
                        out[at++] = (byte) (0xc0 | c >> 6);
                        out[at++] = (byte) (0x80 | c & 0x3f);
                    }
                }
            }
        }
        length = at;
        return this;
    }

    /** The line as a string. */
    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
