package dev.brisk.transport.internal;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** The few ASN.1 DER encodings an X.509 certificate needs. */
public final class Der {

    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");

    private Der() {
    }

    /** A tag-length-value with the given tag and contents. */
    public static byte[] tlv(int tag, byte[]... contents) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] part : contents) {
            body.writeBytes(part);
        }
        byte[] value = body.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length + 6);
        out.write(tag);
        int length = value.length;
        if (length < 0x80) {
            out.write(length);
        } else if (length < 0x100) {
            out.write(0x81);
            out.write(length);
        } else if (length < 0x10000) {
            out.write(0x82);
            out.write(length >> 8);
            out.write(length);
        } else {
            out.write(0x83);
            out.write(length >> 16);
            out.write(length >> 8);
            out.write(length);
        }
        out.writeBytes(value);
        return out.toByteArray();
    }

    public static byte[] sequence(byte[]... contents) {
        return tlv(0x30, contents);
    }

    public static byte[] set(byte[]... contents) {
        return tlv(0x31, contents);
    }

    public static byte[] integer(BigInteger value) {
        return tlv(0x02, value.toByteArray());
    }

    public static byte[] bool(boolean value) {
        return tlv(0x01, new byte[] {(byte) (value ? 0xFF : 0)});
    }

    public static byte[] octetString(byte[] value) {
        return tlv(0x04, value);
    }

    /** A BIT STRING holding whole bytes. */
    public static byte[] bitString(byte[] value) {
        byte[] withPadding = new byte[value.length + 1];
        System.arraycopy(value, 0, withPadding, 1, value.length);
        return tlv(0x03, withPadding);
    }

    public static byte[] utf8(String value) {
        return tlv(0x0C, value.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] utcTime(ZonedDateTime time) {
        return tlv(0x17, UTC_TIME.format(time.withZoneSameInstant(ZoneOffset.UTC))
                .getBytes(StandardCharsets.US_ASCII));
    }

    /** An explicitly tagged, constructed context-specific value [n]. */
    public static byte[] explicit(int n, byte[] content) {
        return tlv(0xA0 | n, content);
    }

    /** An implicitly tagged, primitive context-specific value [n]. */
    public static byte[] implicit(int n, byte[] content) {
        return tlv(0x80 | n, content);
    }

    /** An OBJECT IDENTIFIER from its dotted form. */
    public static byte[] oid(String dotted) {
        String[] parts = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Integer.parseInt(parts[0]) * 40 + Integer.parseInt(parts[1]));
        for (int i = 2; i < parts.length; i++) {
            long value = Long.parseLong(parts[i]);
            int groups = 1;
            for (long v = value >> 7; v > 0; v >>= 7) {
                groups++;
            }
            for (int g = groups - 1; g >= 0; g--) {
                int b = (int) (value >> (7 * g)) & 0x7F;
                out.write(g > 0 ? b | 0x80 : b);
            }
        }
        return tlv(0x06, out.toByteArray());
    }
}
