package dev.brisk.client.internal.exchange;

import dev.brisk.client.internal.pool.HostKey;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.AsciiString;

import java.net.URI;

/** Completes the header fields of a request head before it is written: Host, framing, Accept-Encoding. */
public final class RequestHeads {

    private static final AsciiString ACCEPT_ENCODING_VALUE = AsciiString.cached("gzip, deflate");
    private static final AsciiString ZERO = AsciiString.cached("0");

    private RequestHeads() {
    }

    /** The request target (origin form): raw path, {@code /} when empty, and the raw query. */
    public static String target(URI uri) {
        String path = uri.getRawPath();
        String query = uri.getRawQuery();
        if (path == null || path.isEmpty()) {
            path = "/";
        }
        return query == null ? path : path + '?' + query;
    }

    /**
     * Sets the fields the client owns on a request about to be written: {@code Host} unless given, the body's
     * {@code Content-Length} or {@code Transfer-Encoding: chunked}, and {@code Accept-Encoding} when decompressing.
     */
    public static void complete(HttpHeaders headers, HostKey key, HttpMethod method, RequestBody body,
                                boolean decompression) {
        if (!headers.contains(HttpHeaderNames.HOST)) {
            headers.set(HttpHeaderNames.HOST, key.hostHeader());
        }
        long length = body.length();
        if (length < 0) {
            headers.remove(HttpHeaderNames.CONTENT_LENGTH);
            headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        } else if (length > 0) {
            headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
            headers.set(HttpHeaderNames.CONTENT_LENGTH, length);
        } else {
            headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
            if (method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH) {
                headers.set(HttpHeaderNames.CONTENT_LENGTH, ZERO);
            } else {
                headers.remove(HttpHeaderNames.CONTENT_LENGTH);
            }
        }
        if (decompression && !headers.contains(HttpHeaderNames.ACCEPT_ENCODING)) {
            headers.set(HttpHeaderNames.ACCEPT_ENCODING, ACCEPT_ENCODING_VALUE);
        }
    }
}
