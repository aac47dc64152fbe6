package dev.brisk.client.internal;

import dev.brisk.client.EncodedBody;
import dev.brisk.client.internal.exchange.RequestBody;
import io.netty.buffer.Unpooled;

import java.util.Objects;

/** Creates the {@link EncodedBody} instances advices may return in place of an encoded body. Not API. */
public final class EncodedBodies {

    private EncodedBodies() {
    }

    /** {@code bytes} sent as they are, as {@code contentType} ({@code null} keeps the request's). */
    public static EncodedBody of(byte[] bytes, String contentType) {
        Objects.requireNonNull(bytes, "bytes");
        return new EncodedRequestBody(RequestBody.of(Unpooled.wrappedBuffer(bytes)), contentType, null);
    }
}
