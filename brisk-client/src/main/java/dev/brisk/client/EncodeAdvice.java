package dev.brisk.client;

/**
 * Runs around the encoding of a request body: before {@link EncodeContext#next()} it may inspect the request and
 * replace the body object or its content type; after it, inspect the encoded body or return a replacement (to sign or
 * compress the bytes, say, adding a header on the way).
 *
 * <p>Advices run in ascending {@link #order()}, those added on the builder before those found through
 * {@link java.util.ServiceLoader} or returned by a {@link ClientExtensionFactory} at equal order. They run after the
 * {@link Interceptor}s, on the request the last interceptor passed on, once per {@link Interceptor.Chain#proceed};
 * retries and redirects send the body encoded then again, without encoding it anew. They run on the thread that
 * calls {@code execute()} (or {@code proceed}, which may be an event loop), so they should not block.
 *
 * <pre>{@code
 * EncodeAdvice sign = context -> {
 *     EncodedBody encoded = context.next();
 *     context.headers().set("X-Signature", hmac(encoded.bytes()));
 *     return encoded;
 * };
 * }</pre>
 *
 * <p>An exception thrown by an advice fails the call with that exception; whatever was encoded is freed.
 */
@FunctionalInterface
public interface EncodeAdvice {

    /** Encodes the body of {@code context.request()}: returns {@code context.next()}, or a replacement. */
    EncodedBody aroundEncode(EncodeContext context);

    /** Position among the encode advices, lower first; default 0. */
    default int order() {
        return 0;
    }
}
