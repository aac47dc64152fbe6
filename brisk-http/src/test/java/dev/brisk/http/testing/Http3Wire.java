package dev.brisk.http.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * HTTP/3 bytes written by hand, for requests a well-behaved client would never send: frames (RFC 9114 section 7.1)
 * and QPACK field sections made of literal field lines (RFC 9204 section 4.5.6), which carry any name and value as
 * they are, with no Huffman coding and no dynamic table.
 */
public final class Http3Wire {

    public static final long DATA = 0x00;
    public static final long HEADERS = 0x01;
    public static final long SETTINGS = 0x04;
    public static final long GOAWAY = 0x07;
    /** The type byte of a control stream (RFC 9114 section 6.2.1). */
    public static final byte CONTROL_STREAM = 0x00;

    /** A field line; the name is sent as it is, upper case included. */
    public record Field(String name, String value) {
    }

    private Http3Wire() {
    }

    public static Field field(String name, String value) {
        return new Field(name, value);
    }

    /** A frame: type, length, payload. */
    public static byte[] frame(long type, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarint(out, type);
        writeVarint(out, payload.length);
        out.writeBytes(payload);
        return out.toByteArray();
    }

    /** A HEADERS frame with {@code fields} as literal field lines. */
    public static byte[] headers(List<Field> fields) {
        return frame(HEADERS, fieldSection(fields));
    }

    /** A DATA frame carrying {@code text} in UTF-8. */
    public static byte[] data(String text) {
        return frame(DATA, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A SETTINGS frame of identifier/value pairs. */
    public static byte[] settings(long... pairs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long value : pairs) {
            writeVarint(out, value);
        }
        return frame(SETTINGS, out.toByteArray());
    }

    /** A QPACK field section: Required Insert Count 0, Base 0, then each field as a literal with a literal name. */
    public static byte[] fieldSection(List<Field> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);
        out.write(0);
        for (Field field : fields) {
            byte[] name = field.name().getBytes(StandardCharsets.ISO_8859_1);
            byte[] value = field.value().getBytes(StandardCharsets.ISO_8859_1);
            writePrefixed(out, 0x20, 3, name.length); // 001 N=0 H=0, 3-bit name length
            out.writeBytes(name);
            writePrefixed(out, 0x00, 7, value.length); // H=0, 7-bit value length
            out.writeBytes(value);
        }
        return out.toByteArray();
    }

    /** Concatenates byte arrays. */
    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** An integer with an N-bit prefix (RFC 7541 section 5.1, which QPACK uses), after the bits in {@code first}. */
    public static void writePrefixed(ByteArrayOutputStream out, int first, int prefixBits, long value) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            out.write(first | (int) value);
            return;
        }
        out.write(first | max);
        value -= max;
        while (value >= 0x80) {
            out.write((int) (value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write((int) value);
    }

    /** A QUIC variable-length integer (RFC 9000 section 16), in its shortest form. */
    public static void writeVarint(ByteArrayOutputStream out, long value) {
        if (value < 0x40) {
            out.write((int) value);
        } else if (value < 0x4000) {
            out.write((int) (value >> 8) | 0x40);
            out.write((int) value & 0xFF);
        } else if (value < 0x4000_0000L) {
            out.write((int) (value >> 24) | 0x80);
            out.write((int) (value >> 16) & 0xFF);
            out.write((int) (value >> 8) & 0xFF);
            out.write((int) value & 0xFF);
        } else {
            out.write((int) (value >> 56) | 0xC0);
            for (int shift = 48; shift >= 0; shift -= 8) {
                out.write((int) (value >> shift) & 0xFF);
            }
        }
    }
}
