package dev.brisk.collapse.internal.http;

import dev.brisk.http.common.Headers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What makes two HTTP requests the same for collapsing: method, scheme, host, port, raw path, raw query and the values
 * of the key headers (a missing header and an empty one differ). Host and scheme compare case-insensitively, the rest
 * exactly.
 */
public record RequestKey(String method, String scheme, String host, int port, String path, String query,
                         List<String> headerValues) {

    /** The key of a request with these parts; {@code keyHeaders} are lower-case names. */
    public static RequestKey of(String method, String scheme, String host, int port, String path, String query,
                                Headers headers, List<String> keyHeaders) {
        List<String> values = new ArrayList<>(keyHeaders.size());
        for (String name : keyHeaders) {
            List<String> all = headers.all(name);
            values.add(all.isEmpty() ? null : all.size() == 1 ? all.get(0) : String.join("\n", all));
        }
        return new RequestKey(method, scheme.toLowerCase(Locale.ROOT), host.toLowerCase(Locale.ROOT), port, path,
                query == null ? "" : query, values);
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
