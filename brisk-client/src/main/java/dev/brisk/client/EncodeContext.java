package dev.brisk.client;

import dev.brisk.http.common.WritableHeaders;

/** What one {@link EncodeAdvice} sees of a request body being encoded, and the way on to the encoder. */
public interface EncodeContext {

    /** The request whose body is encoded, as the interceptors passed it on. */
    HttpRequest request();

    /**
     * The header fields that will be sent, to read and change; the same as {@code request().headers()}. The encoder
     * sets {@code Content-Type} here when the request has none.
     */
    WritableHeaders headers();

    /** The body object to encode, as the request had it or as an earlier advice replaced it; {@code null} for none. */
    Object body();

    /**
     * Replaces the body object the rest of the chain encodes ({@code null} for none). A replaced
     * {@link io.netty.buffer.ByteBuf} body belongs to the client, which releases it.
     */
    void body(Object body);

    /** The {@code Content-Type} that picks the codec, or {@code null} when the encoder is to choose it. */
    String contentType();

    /** Sets the {@code Content-Type} that picks the codec and is sent; {@code null} lets the encoder choose. */
    void contentType(String contentType);

    /**
     * Encodes {@link #body()} with the later advices and then the client's encoder. Call it at most once.
     *
     * @throws IllegalStateException when called a second time
     */
    EncodedBody next();
}
