package dev.brisk.rest.sse;

import dev.brisk.rest.RequestContext;

import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * An open Server-Sent Events stream ({@code text/event-stream}) to one client, from {@link RequestContext#sse()}.
 * The head is sent when the stream opens and every event is written at once, unbuffered. Thread-safe: events may be
 * sent from any thread, in the order {@code send} is called.
 *
 * <pre>{@code
 * .get("/prices", ctx -> {
 *     SseSink sink = ctx.sse(Duration.ofMinutes(30));
 *     Subscription s = feed.subscribe(price -> sink.send(SseEvent.of("price", price)));
 *     sink.onClose(reason -> s.cancel());
 * })
 * }</pre>
 *
 * <p>The stream ends with {@link #complete()}, {@link #completeWithError(Throwable)}, its timeout, when the client
 * goes away, or when the client reads so slowly that the events waiting for it would exceed the server's
 * {@code sseMaxPending} bytes; {@link #onClose} tells which. After that, {@code send} fails with {@link SseClosedException}.
 */
public interface SseSink extends AutoCloseable {

    /** Why a stream ended. */
    enum CloseReason {
        /** {@link #complete()} was called: the response ended normally. */
        COMPLETED,
        /** {@link #completeWithError(Throwable)} was called: the response was aborted. */
        FAILED,
        /** The stream's timeout elapsed: the response ended normally. */
        TIMED_OUT,
        /**
         * The client closed the connection (or reset the HTTP/2 stream), or it broke; also when the server reset the
         * HTTP/2 stream because its connection as a whole held more unsent response data than the HTTP server's
         * {@code maxConnectionBuffer} (many streams of one client that does not read).
         */
        DISCONNECTED,
        /**
         * The client read more slowly than events were sent, and one more event would have made the stream hold more
         * than the server's {@code sseMaxPending} bytes for it: the connection was dropped (HTTP/2: the stream reset).
         * An SSE client reconnects, with {@code Last-Event-ID} when events carry ids.
         */
        OVERFLOWED
    }

    /**
     * Sends an event. The result completes once the event has been handed to the connection and the connection can
     * take more (waiting for it before the next send bounds what a slow client makes the server hold); it fails with
     * {@link SseClosedException} when the stream has ended or ends before the event could be written.
     *
     * @throws IllegalArgumentException when no codec writes the event's data as its media type
     */
    CompletionStage<Void> send(SseEvent event);

    /** Sends an event with {@code data} only; see {@link #send(SseEvent)}. */
    default CompletionStage<Void> send(Object data) {
        return send(SseEvent.of(data));
    }

    /** Ends the stream normally; idempotent, and ignored once the stream ended otherwise. */
    void complete();

    /**
     * Ends the stream as failed: the response is aborted (HTTP/1.1 closes the connection without the last chunk,
     * HTTP/2 resets the stream), so the client sees an error rather than an orderly end.
     */
    void completeWithError(Throwable error);

    /** Whether events can still be sent. */
    boolean isOpen();

    /**
     * Calls {@code listener} once when the stream ends, with the reason; at once if it already ended. Listeners run
     * on the thread that ended the stream (an event loop when the client went away or the timeout elapsed): they must
     * not block.
     */
    SseSink onClose(Consumer<CloseReason> listener);

    /** Same as {@link #complete()}. */
    @Override
    default void close() {
        complete();
    }
}
