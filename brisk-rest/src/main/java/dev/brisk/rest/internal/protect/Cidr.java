package dev.brisk.rest.internal.protect;

import io.netty.util.NetUtil;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;

/**
 * A range of IPv4 or IPv6 addresses ({@code 10.0.0.0/8}, {@code 2001:db8::/32}, or one address). IPv4-mapped IPv6
 * addresses ({@code ::ffff:10.1.2.3}) are taken as the IPv4 address they carry, in ranges and in requests alike, so
 * that a dual-stack socket's peers match IPv4 ranges. Addresses are parsed as literals only, never looked up.
 */
public final class Cidr {

    private final byte[] network;
    private final int prefix;

    private Cidr(byte[] network, int prefix) {
        this.network = network;
        this.prefix = prefix;
    }

    /**
     * Parses {@code address} or {@code address/prefix}.
     *
     * @throws IllegalArgumentException naming the text when it is neither
     */
    public static Cidr parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("an IP range must not be null");
        }
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        byte[] address = address(slash < 0 ? trimmed : trimmed.substring(0, slash));
        if (address == null) {
            throw new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
        }
        boolean mapped = slash >= 0 && address.length == 4 && trimmed.indexOf(':') >= 0;
        int bits = address.length * 8;
        int prefix = bits;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
            }
            if (mapped) {
                prefix -= 96; // ::ffff:10.0.0.0/104 is 10.0.0.0/8
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("prefix length out of range in '" + text + "'");
            }
        }
        for (int i = 0; i < address.length; i++) {
            address[i] = (byte) (address[i] & mask(prefix, i));
        }
        return new Cidr(address, prefix);
    }

    /** The bytes of an IPv4 or IPv6 literal (brackets and zone allowed), IPv4-mapped ones as IPv4; null if none. */
    public static byte[] address(String literal) {
        if (literal == null || literal.isEmpty()) {
            return null;
        }
        byte[] bytes = NetUtil.createByteArrayFromIpAddressString(literal);
        return bytes == null ? null : normalize(bytes);
    }

    /** The bytes of a socket's IP address, IPv4-mapped ones as IPv4; null when it is not an IP socket. */
    public static byte[] address(SocketAddress socket) {
        if (socket instanceof InetSocketAddress inet) {
            InetAddress address = inet.getAddress();
            return address == null ? null : normalize(address.getAddress());
        }
        return null;
    }

    private static byte[] normalize(byte[] bytes) {
        if (bytes.length == 16) {
            for (int i = 0; i < 10; i++) {
                if (bytes[i] != 0) {
                    return bytes;
                }
            }
            if (bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff) {
                return new byte[] {bytes[12], bytes[13], bytes[14], bytes[15]};
            }
        }
        return bytes;
    }

    private static int mask(int prefix, int index) {
        int bitsHere = prefix - index * 8;
        if (bitsHere >= 8) {
            return 0xff;
        }
        if (bitsHere <= 0) {
            return 0;
        }
        return (0xff << (8 - bitsHere)) & 0xff;
    }

    /** Whether {@code address} (as {@link #address(String)} returns it) is in this range. */
    public boolean contains(byte[] address) {
        if (address == null || address.length != network.length) {
            return false;
        }
        for (int i = 0; i < network.length; i++) {
            if ((address[i] & mask(prefix, i)) != (network[i] & 0xff)) {
                return false;
            }
        }
        return true;
    }

    /** Whether any of {@code ranges} contains {@code address}. */
    public static boolean any(Cidr[] ranges, byte[] address) {
        for (Cidr range : ranges) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
