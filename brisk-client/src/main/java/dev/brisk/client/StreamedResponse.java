package dev.brisk.client;

import dev.brisk.http.common.Headers;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;

/**
 * A response whose body is read as it arrives, with backpressure: the client reads from the connection only while the
 * subscriber has demand, so a slow reader slows the server down (TCP flow control on HTTP/1.1, the stream window on
 * HTTP/2) instead of filling memory. Status and headers are there when the stage from
 * {@link RequestBuilder#executeStreamed()} completes; the body follows through {@link #body()} or
 * {@link #bodyAsInputStream()}, and is not limited by the client's {@code maxResponseSize}.
 *
 * <p>The connection stays with this response until the body has been read to its end, or {@link #close()} is called:
 * always do one or the other. Closing before the end closes the HTTP/1.1 connection (or resets the HTTP/2 stream).
 *
 * <p>The {@link HttpResponse} body methods ({@link #bodyAsBytes()}, {@link #bodyAsString()}, {@code bodyAs(...)}) read
 * the rest of the body into memory, within {@code maxResponseSize}, waiting for it; they must not be called on one of
 * the client's event loop threads. {@link #trailers()} is empty until the body has been read to its end.
 */
public interface StreamedResponse extends HttpResponse, AutoCloseable {

    /**
     * The body as a publisher of byte chunks, each a fresh heap buffer the subscriber may keep. One subscriber only;
     * its signals arrive on the connection's event loop, so do not block in them. Cancelling the subscription closes
     * the response.
     */
    Flow.Publisher<ByteBuffer> body();

    /**
     * The body as a blocking stream, for a thread that may wait (a virtual thread, or a worker). Reads ahead a few
     * chunks at most. Closing it closes the response.
     */
    InputStream bodyAsInputStream();

    /** Trailer fields after a chunked body; empty until the body has been read to its end. */
    @Override
    Headers trailers();

    /**
     * This response when its status is 2xx. Otherwise reads the rest of the body into the exception (waiting for it,
     * so not on an event loop thread), closes the response and throws.
     *
     * @throws UnexpectedStatusException when the status is not 2xx
     */
    @Override
    default StreamedResponse ensureSuccess() {
        if (isSuccess()) {
            return this;
        }
        try {
            throw new UnexpectedStatusException(this);
        } finally {
            close();
        }
    }

    /** Gives the connection back: at once when the body was read to its end, otherwise by closing it. Idempotent. */
    @Override
    void close();
}
