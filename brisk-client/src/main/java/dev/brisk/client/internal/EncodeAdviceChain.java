package dev.brisk.client.internal;

import dev.brisk.client.EncodeAdvice;
import dev.brisk.client.EncodedBody;
import dev.brisk.client.HttpRequest;
import dev.brisk.client.internal.exchange.NettyHeaders;
import dev.brisk.client.internal.exchange.RequestBody;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.ReferenceCounted;

import java.util.List;

/**
 * The encode advices of a client, run around its {@link BodyEncoder}. Only exists when there is at least one advice,
 * so a client without any encodes with no extra step.
 */
final class EncodeAdviceChain {

    private final EncodeAdvice[] advices;
    private final BodyEncoder encoder;

    EncodeAdviceChain(List<EncodeAdvice> advices, BodyEncoder encoder) {
        this.advices = advices.toArray(new EncodeAdvice[0]);
        this.encoder = encoder;
    }

    /**
     * Encodes the body of {@code request} through the advices. Takes ownership of the request's body: when this
     * throws, the body and whatever was encoded are already released.
     */
    RequestBody encode(HttpRequest request) {
        EncodeRun run = new EncodeRun(request, advices, encoder);
        try {
            EncodedBody result = run.proceed(0);
            if (!(result instanceof EncodedRequestBody encoded)) {
                throw new IllegalStateException("encode advice returned " + (result == null ? "null"
                        : "an EncodedBody the client did not create (" + result.getClass().getName() + ")")
                        + ": use EncodeContext.next() or EncodedBody.of(...)");
            }
            run.keepOnly(encoded);
            if (encoded.fixesContentType()) {
                NettyHeaders.netty(request.headers()).set(HttpHeaderNames.CONTENT_TYPE, encoded.contentType());
            }
            return encoded.body();
        } catch (Throwable t) {
            run.keepOnly(null);
            throw t;
        }
    }

    /** Releases a body object the encoder never took; a buffer is the client's once handed over. */
    static void discard(Object body) {
        if (body instanceof ReferenceCounted counted && counted.refCnt() > 0) {
            counted.release();
        }
    }
}
