package dev.brisk.http.internal.websocket;

import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.common.Headers;

import java.util.List;
import java.util.Locale;

/**
 * Which pages may open a WebSocket: browsers send any page's cookies with a handshake to any site, and WebSocket has
 * no CORS preflight, so without this check any page could act on a logged-in user's connection. Allowed are a
 * handshake without {@code Origin} (not sent by a browser), a same-origin page (the origin's host and port are the
 * request's {@code Host}), an origin listed in the endpoint's {@code allowedOrigins}, and every origin when that list
 * holds {@value #ANY}. {@code Origin: null} (a sandboxed frame, a local file, a privacy-sensitive redirect) is same-origin
 * with nothing: only {@value #ANY} allows it.
 */
final class OriginPolicy {

    /** In {@code allowedOrigins}: every origin is allowed, whatever page it comes from. */
    static final String ANY = WebSocketOptions.ANY_ORIGIN;

    private OriginPolicy() {
    }

    /** Why a handshake with these headers is refused, or null when its origin is allowed. */
    static String refusal(Headers headers, List<String> allowedOrigins) {
        List<String> origins = headers.all("origin");
        if (origins.isEmpty() || allowedOrigins.contains(ANY)) {
            return null;
        }
        String host = headers.get("host", null);
        for (String value : origins) {
            String origin = value.trim();
            if (!sameOrigin(origin, host) && !listed(origin, allowedOrigins)) {
                return "cross-origin WebSocket refused: Origin " + origin + " is neither this site (Host "
                        + host + ") nor among the endpoint's allowed origins";
            }
        }
        return null;
    }

    private static boolean listed(String origin, List<String> allowedOrigins) {
        for (String allowed : allowedOrigins) {
            String trimmed = allowed.endsWith("/") ? allowed.substring(0, allowed.length() - 1) : allowed;
            if (trimmed.equalsIgnoreCase(origin)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code origin} ({@code scheme://host[:port]}) names the site of {@code host} ({@code host[:port]}):
     * same host, and the same port when {@code Host} names one, else the default port of the origin's scheme (a
     * {@code Host} without port behind a TLS-terminating proxy serves an {@code https} page as well as an
     * {@code http} one).
     */
    static boolean sameOrigin(String origin, String host) {
        if (host == null) {
            return false;
        }
        int separator = origin.indexOf("://");
        if (separator <= 0) {
            return false; // "null" and anything that is not a serialized origin
        }
        int defaultPort = defaultPort(origin.substring(0, separator).toLowerCase(Locale.ROOT));
        Authority page = Authority.parse(origin.substring(separator + 3), defaultPort);
        Authority site = Authority.parse(host.trim(), defaultPort);
        return page != null && site != null && defaultPort > 0 && page.host.equalsIgnoreCase(site.host)
                && page.port == site.port;
    }

    private static int defaultPort(String scheme) {
        return switch (scheme) {
            case "http", "ws" -> 80;
            case "https", "wss" -> 443;
            default -> -1;
        };
    }

    /** A host and port; the port is {@code defaultPort} when not written. */
    private record Authority(String host, int port) {

        static Authority parse(String authority, int defaultPort) {
            if (authority.isEmpty() || authority.indexOf('/') >= 0 || authority.indexOf('@') >= 0) {
                return null;
            }
            int portSeparator;
            if (authority.startsWith("[")) {
                int end = authority.indexOf(']');
                if (end < 0) {
                    return null;
                }
                portSeparator = end + 1 < authority.length() ? end + 1 : -1;
                if (portSeparator > 0 && authority.charAt(portSeparator) != ':') {
                    return null;
                }
            } else {
                portSeparator = authority.lastIndexOf(':');
            }
            if (portSeparator < 0) {
                return new Authority(authority, defaultPort);
            }
            String host = authority.substring(0, portSeparator);
            try {
                int port = Integer.parseInt(authority.substring(portSeparator + 1));
                return host.isEmpty() || port < 0 || port > 65535 ? null : new Authority(host, port);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
