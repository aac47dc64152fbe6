package dev.brisk.client.internal;

import dev.brisk.client.HttpRequest;
import dev.brisk.http.common.Headers;
import io.netty.handler.codec.http.HttpHeaderNames;

import java.io.IOException;
import java.net.CookieHandler;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The client's {@link CookieHandler} on the wire: every response's header fields are offered to it, and every request
 * sent gets the {@code Cookie} header it returns, after the request's own cookies. A handler that fails with an
 * {@link IOException} stores nothing, or adds nothing, for that exchange.
 */
final class CookieJar {

    private final CookieHandler handler;

    CookieJar(CookieHandler handler) {
        this.handler = handler;
    }

    /** {@code request} with the handler's cookies for its URI added; the same request when there are none. */
    HttpRequest addCookies(HttpRequest request) {
        Map<String, List<String>> found;
        try {
            found = handler.get(request.uri(), toMap(request.headers()));
        } catch (IOException e) {
            return request;
        }
        StringBuilder cookies = null;
        for (Map.Entry<String, List<String>> field : found.entrySet()) {
            if (!HttpHeaderNames.COOKIE.contentEqualsIgnoreCase(field.getKey())) {
                continue;
            }
            for (String cookie : field.getValue()) {
                if (cookie == null || cookie.isEmpty()) {
                    continue;
                }
                cookies = cookies == null ? new StringBuilder(64) : cookies.append("; ");
                cookies.append(cookie);
            }
        }
        if (cookies == null) {
            return request;
        }
        String own = request.headers().get(HttpHeaderNames.COOKIE, null);
        return request.withHeader(HttpHeaderNames.COOKIE, own == null ? cookies : own + "; " + cookies);
    }

    /** Offers the header fields of a response from {@code uri} to the handler. */
    void store(URI uri, Headers headers) {
        try {
            handler.put(uri, toMap(headers));
        } catch (IOException e) {
            // nothing stored for this response, as documented
        }
    }

    private static Map<String, List<String>> toMap(Headers headers) {
        Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, value) -> map.computeIfAbsent(name.toString(), key -> new ArrayList<>(1))
                .add(value.toString()));
        return map;
    }
}
