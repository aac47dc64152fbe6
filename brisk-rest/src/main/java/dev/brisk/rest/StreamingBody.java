package dev.brisk.rest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A response body the application writes to an {@link OutputStream} as it produces it: an export, a report, a proxied
 * download. Send it like any result ({@code ctx.send(body)}, or as the body of a {@link ResponseEntity}); status and
 * headers set before are sent with the first bytes.
 *
 * <pre>{@code
 * .get("/export", ctx -> ctx.send((StreamingBody) out -> {
 *     for (Row row : rows) {
 *         out.write(row.toCsv());
 *     }
 * }))
 * }</pre>
 *
 * <p>The stream buffers up to 8 KiB before sending a chunk; {@link OutputStream#flush()} sends what was written at once
 * (the head too, if nothing was sent yet). Writes block while the connection's outbound buffer is above its high-water
 * mark, so a slow client slows the writer down instead of filling memory. A write after the client went away throws
 * an {@link IOException}. The response ends when {@link #writeTo} returns.
 *
 * <p>{@code writeTo} blocks, so it never runs on an event loop: sent from a handler on a worker or virtual thread it
 * runs right there, in {@code send}; sent from the IO scheduler (or a future completed on an event loop) it is handed
 * to the {@code worker} pool. A failure before anything was sent becomes an error response as usual; after the head was
 * sent the response is aborted (HTTP/1.1: the connection is closed without the last chunk; HTTP/2: the stream is
 * reset), so the client never takes a truncated body for a complete one.
 *
 * <p>Annotation adapters map their streaming types onto it: Spring's {@code StreamingResponseBody} and JAX-RS's
 * {@code StreamingOutput} both have the shape {@code out -> ...}.
 */
@FunctionalInterface
public interface StreamingBody {

    /** Writes the body; the stream is closed (and the response ended) by the framework afterwards. */
    void writeTo(OutputStream out) throws IOException;

    /**
     * The body's length in bytes when known in advance, sent as {@code Content-Length}; -1 (the default) when unknown,
     * then the body is chunked on HTTP/1.1. A body that ends up longer or shorter than declared is aborted.
     */
    default long contentLength() {
        return -1;
    }

    /** A body copied from {@code in}, which is closed afterwards; length unknown. */
    static StreamingBody of(InputStream in) {
        return of(in, -1);
    }

    /** A body copied from {@code in}, which is closed afterwards, of {@code contentLength} bytes (-1: unknown). */
    static StreamingBody of(InputStream in, long contentLength) {
        Objects.requireNonNull(in, "in");
        if (contentLength < -1) {
            throw new IllegalArgumentException("contentLength must be >= -1: " + contentLength);
        }
        return new StreamingBody() {
            @Override
            public void writeTo(OutputStream out) throws IOException {
                try (InputStream source = in) {
                    source.transferTo(out);
                }
            }

            @Override
            public long contentLength() {
                return contentLength;
            }
        };
    }
}
