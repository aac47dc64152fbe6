package dev.brisk.client.internal;

import dev.brisk.client.HttpClientException;
import dev.brisk.client.internal.pool.HostKey;

import java.net.URI;
import java.util.Locale;

/** The origin (RFC 6454: scheme, host, port) of a request URI, as the key of its pool. */
final class Origins {

    private Origins() {
    }

    /**
     * The origin of an absolute URI.
     *
     * @throws HttpClientException when the scheme is not supported
     */
    static HostKey key(URI uri) {
        String scheme = uri.getScheme();
        String lower = scheme == null ? "" : scheme.toLowerCase(Locale.ROOT);
        String host = uri.getHost();
        if (host == null) {
            throw new IllegalArgumentException("URI has no host: " + uri);
        }
        if (!lower.equals("http") && !lower.equals("https")) {
            throw new HttpClientException(host, "unsupported scheme \"" + scheme + "\" in " + uri
                    + ": only http and https are supported", null, false);
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = uri.getPort() < 0 ? HostKey.defaultPort(lower) : uri.getPort();
        return HostKey.of(lower, host.toLowerCase(Locale.ROOT), port);
    }

    /** Whether two URIs share scheme, host and port. */
    static boolean same(URI a, URI b) {
        String schemeA = a.getScheme() == null ? "" : a.getScheme().toLowerCase(Locale.ROOT);
        String schemeB = b.getScheme() == null ? "" : b.getScheme().toLowerCase(Locale.ROOT);
        int portA = a.getPort() < 0 ? HostKey.defaultPort(schemeA) : a.getPort();
        int portB = b.getPort() < 0 ? HostKey.defaultPort(schemeB) : b.getPort();
        return schemeA.equals(schemeB) && portA == portB && a.getHost() != null
                && a.getHost().equalsIgnoreCase(b.getHost());
    }
}
