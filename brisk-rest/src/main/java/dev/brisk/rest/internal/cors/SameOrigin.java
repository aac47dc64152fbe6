package dev.brisk.rest.internal.cors;

import dev.brisk.http.ServerRequest;

import java.util.Locale;

/** Whether an {@code Origin} is the server's own: same scheme, host and port as the request's target. */
final class SameOrigin {

    private SameOrigin() {
    }

    static boolean test(ServerRequest request, String origin) {
        if (origin == null) {
            return true;
        }
        String host = request.headers().get("host", null);
        if (host == null) {
            return false;
        }
        int schemeEnd = origin.indexOf("://");
        if (schemeEnd < 0) {
            return false; // "null" and other opaque origins are never the server's
        }
        String scheme = origin.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        if (!scheme.equals(request.scheme())) {
            return false;
        }
        String authority = origin.substring(schemeEnd + 3);
        return withPort(authority, scheme).equalsIgnoreCase(withPort(host.trim(), scheme));
    }

    /** {@code host[:port]} with the scheme's default port made explicit. */
    private static String withPort(String authority, String scheme) {
        int close = authority.lastIndexOf(']');
        int colon = authority.lastIndexOf(':');
        if (colon > close) {
            return authority;
        }
        return authority + (scheme.equals("https") ? ":443" : ":80");
    }
}
