package dev.brisk.collapse.internal.http;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * What makes two HTTP requests the same for collapsing: method, scheme, host, port, raw path, raw query, the values
 * of the key headers (a missing header and an empty one differ) and a variant (a client request's settings: its
 * timeouts, redirects and retries), compared with {@code equals} and left out of the hash. Host and scheme compare
 * case-insensitively, the rest exactly. The hash is computed once: a key is looked up, inserted and removed at least
 * once each.
 */
public final class RequestKey {

    /** What {@link #lowerCaseHash} returns for a host that must be lower-cased first. */
    private static final int MIXED_CASE = Integer.MIN_VALUE;

    private final String method;
    private final String scheme;
    private final String host;
    private final int port;
    private final String path;
    private final String query;
    private final String[] headerValues;
    private final Object variant;
    private final int hash;

    private RequestKey(String method, String scheme, String host, int hostHash, int port, String path, String query,
                       String[] headerValues, Object variant) {
        this.variant = variant;
        this.method = method;
        this.scheme = scheme;
        this.host = host;
        this.port = port;
        this.path = path;
        this.query = query;
        this.headerValues = headerValues;
        int h = method.hashCode();
        h = 31 * h + scheme.hashCode();
        h = 31 * h + hostHash;
        h = 31 * h + port;
        h = 31 * h + path.hashCode();
        h = 31 * h + query.hashCode();
        this.hash = 31 * h + Arrays.hashCode(headerValues);
    }

    /**
     * Whether requests of {@code method} may share a call: GET and HEAD, the methods whose answer does not depend on
     * who asks first (a request with a body never shares, whatever its method).
     */
    public static boolean collapsibleMethod(String method) {
        return "GET".equals(method) || "HEAD".equals(method);
    }

    /**
     * The key of a client's request for the absolute {@code uri} (no scheme: http; no port: the scheme's) and
     * {@code variant} (null for none).
     */
    public static RequestKey of(String method, URI uri, HeaderFields headers, KeyHeaders keyHeaders,
                                Object variant) {
        String scheme = uri.getScheme() == null ? "http" : uri.getScheme();
        int port = uri.getPort() < 0 ? defaultPort(scheme) : uri.getPort();
        return of(method, scheme, String.valueOf(uri.getHost()), port, uri.getRawPath(), uri.getRawQuery(), headers,
                keyHeaders, variant);
    }

    /** The key of a request with these parts. */
    public static RequestKey of(String method, String scheme, String host, int port, String path, String query,
                                HeaderFields headers, KeyHeaders keyHeaders) {
        return of(method, scheme, host, port, path, query, headers, keyHeaders, null);
    }

    /** The key of a request with these parts and {@code variant} (null for none). */
    public static RequestKey of(String method, String scheme, String host, int port, String path, String query,
                                HeaderFields headers, KeyHeaders keyHeaders, Object variant) {
        int hostHash = lowerCaseHash(host);
        String lowerHost = hostHash == MIXED_CASE ? host.toLowerCase(Locale.ROOT) : host;
        return new RequestKey(method, lowerCase(scheme), lowerHost,
                hostHash == MIXED_CASE ? lowerHost.hashCode() : hostHash, port,
                path == null ? "" : path, query == null ? "" : query, headerValues(headers, keyHeaders), variant);
    }

    /**
     * {@code name.hashCode()} when {@code name} is lower case ASCII, read in one pass; else {@link #MIXED_CASE} (also
     * for a lower case name whose hash happens to be that value: it is then hashed again, the same).
     */
    private static int lowerCaseHash(String name) {
        int h = 0;
        for (int i = 0, length = name.length(); i < length; i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z' || c >= 0x80) {
                return MIXED_CASE;
            }
            h = 31 * h + c;
        }
        return h;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RequestKey other && hash == other.hash && port == other.port
                && path.equals(other.path) && query.equals(other.query) && method.equals(other.method)
                && host.equals(other.host) && scheme.equals(other.scheme)
                && Arrays.equals(headerValues, other.headerValues)
                && (variant == other.variant || variant != null && variant.equals(other.variant));
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /**
     * The values of {@code keyHeaders} in {@code headers}, in the order of the names: null for a missing header,
     * several lines of one name joined by a line feed; {@link KeyHeaders#absent()} (shared, never written) when none
     * is present. One pass over the fields, no lookup per name.
     */
    private static String[] headerValues(HeaderFields headers, KeyHeaders keys) {
        if (keys.names().isEmpty()) {
            return keys.absent();
        }
        ValueCollector collector = new ValueCollector(keys);
        headers.forEach(collector);
        return collector.values == null ? keys.absent() : collector.values;
    }

    /** Collects the key headers' values in one pass; makes the array only when a key header is present. */
    private static final class ValueCollector implements BiConsumer<CharSequence, CharSequence> {

        private final List<String> names;
        private final long lengths;
        String[] values;

        ValueCollector(KeyHeaders keys) {
            this.names = keys.names();
            this.lengths = keys.lengthMask();
        }

        @Override
        public void accept(CharSequence name, CharSequence value) {
            int length = name.length();
            if (length >= 64 ? (lengths & Long.MIN_VALUE) == 0 : (lengths & (1L << length)) == 0) {
                return; // no key header is that long: most request headers end here
            }
            for (int i = 0; i < names.size(); i++) {
                if (equalsLowerCase(name, names.get(i))) {
                    if (values == null) {
                        values = new String[names.size()];
                    }
                    String text = value.toString();
                    values[i] = values[i] == null ? text : values[i] + "\n" + text;
                    return;
                }
            }
        }
    }

    /** Whether {@code name} equals {@code lower} (a lower-case header name) ignoring ASCII case. */
    private static boolean equalsLowerCase(CharSequence name, String lower) {
        int length = lower.length();
        if (name.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + ('a' - 'A'));
            }
            if (c != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** {@code text} in lower case; the usual scheme names are taken as they are. */
    private static String lowerCase(String text) {
        return "http".equals(text) || "https".equals(text) ? text : text.toLowerCase(Locale.ROOT);
    }

    /** The port {@code scheme} uses when none is given. */
    public static int defaultPort(String scheme) {
        return "https".equalsIgnoreCase(scheme) ? 443 : 80;
    }

    @Override
    public String toString() {
        return method + " " + scheme + "://" + host + ":" + port + path + (query.isEmpty() ? "" : "?" + query);
    }
}
