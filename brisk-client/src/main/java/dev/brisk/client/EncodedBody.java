package dev.brisk.client;

import dev.brisk.client.internal.EncodedBodies;
import java.util.Objects;

/**
 * A request body after encoding, as {@link EncodeContext#next()} returns it, or replacement bytes from
 * {@link #of(byte[])}. The client owns what it holds and frees it when the call ends or when an advice returns
 * another body instead. Only the instances the client creates can be sent.
 */
public interface EncodedBody {

    /** The {@code Content-Type} sent with the body; {@code null} keeps the request's. */
    String contentType();

    /** The length in bytes, or -1 when it is sent chunked (a stream). */
    long length();

    /** Whether the body is held in memory, so that {@link #bytes()} can read it (not so for files and streams). */
    boolean inMemory();

    /**
     * A copy of the encoded bytes.
     *
     * @throws IllegalStateException when the body is not {@linkplain #inMemory() in memory}
     */
    byte[] bytes();

    /** Replacement bytes, sent with the request's {@code Content-Type}. The array must not change afterwards. */
    static EncodedBody of(byte[] bytes) {
        return EncodedBodies.of(bytes, null);
    }

    /** Replacement bytes sent as {@code contentType}. The array must not change afterwards. */
    static EncodedBody of(byte[] bytes, String contentType) {
        return EncodedBodies.of(bytes, Objects.requireNonNull(contentType, "contentType"));
    }
}
