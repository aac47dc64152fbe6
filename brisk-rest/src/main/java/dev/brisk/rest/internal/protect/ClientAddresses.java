package dev.brisk.rest.internal.protect;

import dev.brisk.http.ServerRequest;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds a request's client address: the connection's peer, unless the peer is a trusted proxy; then, walking the
 * proxies' reports from the right (the hop nearest the server) to the left, the first address that is not a trusted
 * proxy. {@code Forwarded} (RFC 7239, its {@code for} parameters) is read when present, else {@code X-Forwarded-For}.
 * A report that is no IP address ({@code unknown}, an obfuscated name) ends the walk: the client is then unknown.
 */
public final class ClientAddresses {

    /** The bytes standing for an unknown client: in no range. */
    public static final byte[] UNKNOWN = new byte[0];

    private final Cidr[] trusted;

    public ClientAddresses(List<String> trustedProxies) {
        this.trusted = trustedProxies.stream().map(Cidr::parse).toArray(Cidr[]::new);
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
        List<String> hops = hops(request);
        byte[] client = peer;
        for (int i = hops.size() - 1; i >= 0; i--) {
            byte[] hop = Cidr.address(hops.get(i));
            if (hop == null) {
                return UNKNOWN;
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
        if (client == UNKNOWN) {
            return null;
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(client), 0);
        } catch (UnknownHostException e) {
            return null; // not 4 or 16 bytes: cannot happen for what resolve returns
        }
    }

    /** The reported addresses, farthest first. */
    static List<String> hops(ServerRequest request) {
        List<String> forwarded = request.headers().all("forwarded");
        List<String> hops = new ArrayList<>();
        if (!forwarded.isEmpty()) {
            for (String field : forwarded) {
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
