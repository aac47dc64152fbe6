package dev.brisk.client.internal;

import dev.brisk.client.EncodedBody;
import dev.brisk.client.internal.exchange.RequestBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;

/**
 * An {@link EncodedBody} over the {@link RequestBody} that will be sent. Its content type is either fixed (replacement
 * bytes) or read from the request's headers (what the encoder produced, as later advices may have changed it).
 */
final class EncodedRequestBody implements EncodedBody {

    private final RequestBody body;
    private final String contentType;
    private final HttpHeaders headers;

    EncodedRequestBody(RequestBody body, String contentType, HttpHeaders headers) {
        this.body = body;
        this.contentType = contentType;
        this.headers = headers;
    }

    RequestBody body() {
        return body;
    }

    /** Whether sending this body sets {@code Content-Type} to {@link #contentType()}. */
    boolean fixesContentType() {
        return contentType != null;
    }

    @Override
    public String contentType() {
        if (contentType != null || headers == null) {
            return contentType;
        }
        return headers.get(HttpHeaderNames.CONTENT_TYPE);
    }

    @Override
    public long length() {
        return body.length();
    }

    @Override
    public boolean inMemory() {
        return body.length() == 0 || body.content() != null;
    }

    @Override
    public byte[] bytes() {
        ByteBuf content = body.content();
        if (content != null) {
            return ByteBufUtil.getBytes(content);
        }
        if (body.length() == 0) {
            return new byte[0];
        }
        throw new IllegalStateException("the body is sent from a file or stream, not held in memory");
    }

    @Override
    public String toString() {
        return "EncodedBody[" + contentType() + ", " + length() + " bytes]";
    }
}
