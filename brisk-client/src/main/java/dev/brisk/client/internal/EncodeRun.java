package dev.brisk.client.internal;

import dev.brisk.client.EncodeAdvice;
import dev.brisk.client.EncodeContext;
import dev.brisk.client.EncodedBody;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.internal.exchange.NettyHeaders;
import dev.brisk.client.internal.exchange.RequestBody;
import dev.brisk.http.common.WritableHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.ReferenceCounted;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One pass of a request body through the encode advices: the body object as the advices leave it, the body the
 * encoder produced, and the buffers handed over on the way, so that whatever is not sent gets released.
 */
final class EncodeRun {

    private final HttpRequest request;
    private final EncodeAdvice[] advices;
    private final BodyEncoder encoder;
    private Object body;
    /** Reference-counted body objects the advices replaced, the request's own included. */
    private List<ReferenceCounted> replaced;
    /** The body object the encoder took, which the encoded body now owns. */
    private Object taken;
    private EncodedRequestBody encoded;

    EncodeRun(HttpRequest request, EncodeAdvice[] advices, BodyEncoder encoder) {
        this.request = request;
        this.advices = advices;
        this.encoder = encoder;
        this.body = request.bodyOrNull();
    }

    /** Runs advice {@code index}, or the encoder past the last one. */
    EncodedBody proceed(int index) {
        if (index == advices.length) {
            return encodeBody();
        }
        EncodeAdvice advice = advices[index];
        return advice.aroundEncode(new Position(index));
    }

    private EncodedBody encodeBody() {
        Object value = body;
        RequestBody encodedBody = encoder.encode(value, NettyHeaders.netty(request.headers()));
        taken = value;
        encoded = new EncodedRequestBody(encodedBody, null, NettyHeaders.netty(request.headers()));
        return encoded;
    }

    private void replaceBody(Object value) {
        Object previous = body;
        if (previous instanceof ReferenceCounted counted && previous != value) {
            if (replaced == null) {
                replaced = new ArrayList<>(2);
            }
            replaced.add(counted);
        }
        body = value;
    }

    /**
     * Releases everything of this run except {@code sent} ({@code null} when nothing is sent): the encoder's body when
     * it is not the one sent, and the body objects the encoder did not take.
     */
    void keepOnly(EncodedRequestBody sent) {
        if (encoded != null && encoded != sent) {
            encoded.body().release(); // frees the body object it took as well
        }
        discardUnlessTaken(body);
        if (replaced != null) {
            for (int i = 0; i < replaced.size(); i++) {
                ReferenceCounted counted = replaced.get(i);
                if (counted != body && !replacedBefore(counted, i)) {
                    discardUnlessTaken(counted);
                }
            }
        }
    }

    /** Whether {@code counted} (compared by identity: buffers compare by content) occurs before {@code index}. */
    private boolean replacedBefore(ReferenceCounted counted, int index) {
        for (int i = 0; i < index; i++) {
            if (replaced.get(i) == counted) {
                return true;
            }
        }
        return false;
    }

    private void discardUnlessTaken(Object value) {
        if (value != taken) {
            EncodeAdviceChain.discard(value);
        }
    }

    /** The context handed to the advice at one position of the chain. */
    private final class Position implements EncodeContext {
        private final int index;
        private boolean proceeded;

        Position(int index) {
            this.index = index;
        }

        @Override
        public HttpRequest request() {
            return request;
        }

        @Override
        public WritableHeaders headers() {
            return NettyHeaders.writable(NettyHeaders.netty(request.headers()));
        }

        @Override
        public Object body() {
            return body;
        }

        @Override
        public void body(Object value) {
            if (proceeded) {
                throw new IllegalStateException("the body is already encoded: replace the result of next() instead");
            }
            replaceBody(value);
        }

        @Override
        public String contentType() {
            return NettyHeaders.netty(request.headers()).get(HttpHeaderNames.CONTENT_TYPE);
        }

        @Override
        public void contentType(String contentType) {
            if (contentType == null) {
                NettyHeaders.netty(request.headers()).remove(HttpHeaderNames.CONTENT_TYPE);
            } else {
                NettyHeaders.netty(request.headers()).set(HttpHeaderNames.CONTENT_TYPE, contentType);
            }
        }

        @Override
        public EncodedBody next() {
            if (proceeded) {
                throw new IllegalStateException("next() was already called by " + advices[index]);
            }
            proceeded = true;
            return Objects.requireNonNull(proceed(index + 1), () -> "encode advice returned null: "
                    + (index + 1 < advices.length ? advices[index + 1] : "encoder"));
        }
    }
}
