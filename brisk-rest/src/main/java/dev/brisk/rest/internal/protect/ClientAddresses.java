package dev.brisk.rest.internal.protect;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.protect.ForwardedHeader;
import dev.brisk.rest.protect.ProtectionOptions;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds a request's client address: the connection's peer, unless the peer is a trusted proxy; then, walking the
 * proxies' reports from the right (the hop nearest the server) to the left, the first address that is not a trusted
 * proxy. Only the configured header is read ({@link ForwardedHeader}): {@code X-Forwarded-For}, or {@code Forwarded}
 * (RFC 7239, its {@code for} parameters). A report that is no IP address ({@code unknown}, an obfuscated name, an
 * element without {@code for}) ends the walk: the client is then unknown, and IP rules refuse it.
 */
public final class ClientAddresses {

    /** The bytes standing for a client whose address is unknown (a peer that is no IP address): in no range. */
    public static final byte[] UNKNOWN = new byte[0];
    /**
     * The bytes standing for a client a trusted proxy reported in a form that is no address: in no range, and refused
     * by every IP filter that applies (a deny list must not let through a client it cannot check).
     */
    public static final byte[] UNREADABLE = new byte[0];

    private final Cidr[] trusted;
    private final String header;

    public ClientAddresses(List<String> trustedProxies, ForwardedHeader header) {
        this.trusted = trustedProxies.stream().map(Cidr::parse).toArray(Cidr[]::new);
        this.header = header == ForwardedHeader.FORWARDED ? "forwarded" : "x-forwarded-for";
    }

    /** The client addresses of a server with {@code options}; null when it trusts no proxy (the peer is the client). */
    public static ClientAddresses of(ProtectionOptions options) {
        return options.trustedProxies().isEmpty() ? null
                : new ClientAddresses(options.trustedProxies(), options.forwardedHeader());
    }

    /** The client's address bytes (4 or 16), or {@link #UNKNOWN}. */
    public byte[] resolve(ServerRequest request) {
        byte[] peer = Cidr.address(request.remoteAddress());
        if (peer == null) {
            return UNKNOWN;
        }
        if (trusted.length == 0 || !Cidr.any(trusted, peer)) {
            return peer;
        }
        List<String> hops = hops(request, header);
        byte[] client = peer;
        for (int i = hops.size() - 1; i >= 0; i--) {
            byte[] hop = Cidr.address(hops.get(i));
            if (hop == null) {
                return UNREADABLE;
            }
            client = hop;
            if (!Cidr.any(trusted, hop)) {
                return hop;
            }
        }
        return client; // every hop a trusted proxy: the farthest one is as near the client as we know
    }

    /**
     * The client's address as a socket address: the peer itself (the same object) unless it is a trusted proxy, else
     * the reported client's address (port 0); null when the client is unknown.
     */
    public SocketAddress clientAddress(ServerRequest request) {
        SocketAddress peer = request.remoteAddress();
        byte[] peerBytes = Cidr.address(peer);
        if (peerBytes == null || trusted.length == 0 || !Cidr.any(trusted, peerBytes)) {
            return peer;
        }
        byte[] client = resolve(request);
        if (client == UNKNOWN || client == UNREADABLE) {
            return null;
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(client), 0);
        } catch (UnknownHostException e) {
            return null; // not 4 or 16 bytes: cannot happen for what resolve returns
        }
    }

    /** The addresses reported in {@code header} ({@code forwarded} or {@code x-forwarded-for}), farthest first. */
    static List<String> hops(ServerRequest request, String header) {
        List<String> hops = new ArrayList<>();
        if (header.equals("forwarded")) {
            for (String field : request.headers().all("forwarded")) {
                for (String element : field.split(",")) {
                    hops.add(forParameter(element));
                }
            }
            return hops;
        }
        for (String field : request.headers().all("x-forwarded-for")) {
            for (String entry : field.split(",")) {
                hops.add(hostOf(entry.trim()));
            }
        }
        return hops;
    }

    /** The node of a {@code for} parameter of one Forwarded element, without port; empty when it has none. */
    private static String forParameter(String element) {
        for (String pair : element.split(";")) {
            String trimmed = pair.trim();
            int eq = trimmed.indexOf('=');
            if (eq > 0 && trimmed.substring(0, eq).trim().equalsIgnoreCase("for")) {
                String value = trimmed.substring(eq + 1).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                return hostOf(value);
            }
        }
        return "";
    }

    /** {@code [v6]:port} or {@code [v6]} to {@code v6}, {@code v4:port} to {@code v4}; others unchanged. */
    static String hostOf(String node) {
        if (node.startsWith("[")) {
            int close = node.indexOf(']');
            return close > 0 ? node.substring(1, close) : node;
        }
        int colon = node.indexOf(':');
        if (colon > 0 && node.indexOf(':', colon + 1) < 0) {
            return node.substring(0, colon);
        }
        return node;
    }
}
