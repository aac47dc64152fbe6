package dev.brisk.client.internal.pool;

import io.netty.util.NetUtil;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** An origin the client keeps a pool for: scheme, host and port, with what connecting and the Host header need. */
public final class HostKey {

    private final String scheme;
    private final String host;
    private final int port;
    private final int hash;
    // derived on first use: a lookup key only needs scheme, host and port; the pooled key computes the rest once
    private String hostHeader;
    private String display;
    private String origin;
    private InetSocketAddress address;

    private HostKey(String scheme, String host, int port) {
        this.scheme = scheme;
        this.host = host;
        this.port = port;
        this.hash = (scheme.hashCode() * 31 + host.hashCode()) * 31 + port;
    }

    private String bracketedHost() {
        return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    }

    /**
     * The key of an origin: {@code scheme} in lower case ({@code http} or {@code https}), {@code host} in lower case
     * without brackets, {@code port} explicit.
     */
    public static HostKey of(String scheme, String host, int port) {
        return new HostKey(scheme, host, port);
    }

    /** The port of {@code scheme} when a URI names none: 443 for {@code https}, 80 otherwise. */
    public static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }

    private static InetSocketAddress address(String host, int port) {
        byte[] literal = NetUtil.createByteArrayFromIpAddressString(host);
        if (literal != null) {
            try {
                return new InetSocketAddress(InetAddress.getByAddress(host, literal), port);
            } catch (UnknownHostException e) {
                // not reachable for a valid literal; fall through to resolution
            }
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    public String host() {
        return host;
    }

    /** Whether connections to this origin use TLS. */
    public boolean secure() {
        return scheme.equals("https");
    }

    public String scheme() {
        return scheme;
    }

    public int port() {
        return port;
    }

    /** The value for the Host header: host, with the port when it is not the default. */
    public String hostHeader() {
        String value = hostHeader;
        if (value == null) {
            value = port == defaultPort(scheme) ? bracketedHost() : bracketedHost() + ":" + port;
            hostHeader = value;
        }
        return value;
    }

    /** The address to connect to: resolved for IP literals, unresolved (for the resolver) otherwise. */
    public InetSocketAddress address() {
        InetSocketAddress value = address;
        if (value == null) {
            value = address(host, port);
            address = value;
        }
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HostKey other && port == other.port && host.equals(other.host)
                && scheme.equals(other.scheme);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** {@code scheme://host:port}, for metrics. */
    public String origin() {
        String value = origin;
        if (value == null) {
            value = scheme + "://" + bracketedHost() + ":" + port;
            origin = value;
        }
        return value;
    }

    /** {@code host:port}, for messages. */
    @Override
    public String toString() {
        String value = display;
        if (value == null) {
            value = bracketedHost() + ":" + port;
            display = value;
        }
        return value;
    }
}
