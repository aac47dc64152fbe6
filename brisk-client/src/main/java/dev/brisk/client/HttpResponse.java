package dev.brisk.client;

import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;

import java.lang.reflect.Type;
import java.net.URI;
import java.util.Optional;

/**
 * A complete response: status, headers, the whole body held in memory, and trailers. Bodies are decoded with the
 * client's brisk-codec {@link dev.brisk.codec.Codecs} chain, by the response's {@code Content-Type} (JSON when absent).
 * Thread-safe and independent of the connection: nothing needs to be released.
 */
public interface HttpResponse {

    /** The status code, e.g. 200. */
    int status();

    /**
     * The HTTP version the response came back with: {@link Protocol#HTTP_2} over h2 and h2c, otherwise the version of
     * the HTTP/1.x status line.
     */
    Protocol protocol();

    /** The response header fields; names compare case-insensitively. */
    Headers headers();

    /** The first value of header {@code name}. */
    default Optional<String> header(CharSequence name) {
        return headers().first(name);
    }

    /** The URI that produced this response: the request's, or the last one redirected to. */
    URI uri();

    /** The request that produced this response (after redirects: the last one). */
    HttpRequest request();

    /** The body bytes; the array is the response's own, so do not modify it. Empty when there is no body. */
    byte[] bodyAsBytes();

    /** The body as text in the charset of {@code Content-Type}, UTF-8 when none is given. */
    String bodyAsString();

    /**
     * The body decoded into {@code type} by the first codec that reads the response's media type into it.
     *
     * @throws dev.brisk.codec.CodecException when no codec fits or the body does not match the type
     */
    <T> T bodyAs(Class<T> type);

    /** The body decoded into a generic type: {@code bodyAs(new TypeRef<List<User>>() {})}. */
    <T> T bodyAs(TypeRef<T> type);

    /** The body decoded into any {@link Type}. */
    Object bodyAs(Type type);

    /** Trailer fields that followed a chunked body; empty when none. */
    Headers trailers();

    /** Whether the status is 2xx. */
    default boolean isSuccess() {
        int status = status();
        return status >= 200 && status < 300;
    }

    /**
     * This response when its status is 2xx.
     *
     * @throws UnexpectedStatusException otherwise, holding status, headers and body
     */
    default HttpResponse ensureSuccess() {
        if (isSuccess()) {
            return this;
        }
        throw new UnexpectedStatusException(this);
    }
}
