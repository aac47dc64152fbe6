package dev.brisk.rest.internal.sse;

import dev.brisk.http.ServerResponse;
import dev.brisk.rest.sse.SseClosedException;
import dev.brisk.rest.sse.SseEvent;
import dev.brisk.rest.sse.SseSink;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;

/**
 * An event stream over a streamed {@link ServerResponse}: the head goes out when it opens, each event is one write.
 * A lock orders sends against the end of the stream, so that no event follows it; the writes themselves are queued
 * onto the connection's event loop in the order they were made. The bytes of events whose write has not completed
 * (the connection has not taken them) are counted: the event that would take them over {@code maxPending} drops the
 * client instead of queueing without bound.
 */
public final class DefaultSseSink implements SseSink {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final ServerResponse response;
    private final SseEncoder encoder;
    private final ByteBufAllocator allocator;
    private final long maxPending;
    private final Object lock = new Object();
    /** Bytes handed to the connection whose write has not completed; guarded by {@link #lock}. */
    private long pending;
    private final List<Consumer<CloseReason>> listeners = new ArrayList<>(2);
    private CloseReason closed;
    private volatile ScheduledFuture<?> timeout;

    private DefaultSseSink(ServerResponse response, SseEncoder encoder, ByteBufAllocator allocator, long maxPending) {
        this.response = response;
        this.encoder = encoder;
        this.allocator = allocator;
        this.maxPending = maxPending;
    }

    /**
     * Opens a stream on {@code response}: sets the event-stream headers and sends the head now.
     *
     * @param timeout    how long the stream may stay open, or null for no limit
     * @param maxPending bytes of events the stream may hold for a client that has not taken them
     * @throws IllegalStateException when the response has already been sent or started
     */
    public static DefaultSseSink open(ServerResponse response, SseEncoder encoder, ByteBufAllocator allocator,
                                      Duration timeout, long maxPending) {
        if (response.isCommitted()) {
            throw new IllegalStateException("an event stream needs a response that has not been sent or started");
        }
        response.headers().set("content-type", "text/event-stream");
        if (!response.headers().contains("cache-control")) {
            response.headers().set("cache-control", "no-cache");
        }
        // proxies such as nginx would otherwise buffer the events
        response.headers().set("x-accel-buffering", "no");
        response.headers().remove("content-length");
        DefaultSseSink sink = new DefaultSseSink(response, encoder, allocator, maxPending);
        response.completion().whenComplete((v, error) -> {
            if (error != null) {
                sink.end(CloseReason.DISCONNECTED, null);
            }
        });
        if (timeout != null) {
            sink.timeout = SseTimer.schedule(() -> sink.end(CloseReason.TIMED_OUT, null), timeout);
        }
        response.write(Unpooled.EMPTY_BUFFER);
        return sink;
    }

    @Override
    public CompletionStage<Void> send(SseEvent event) {
        ByteBuf frame = encoder.encode(event, allocator);
        return write(frame);
    }

    /** Sends an event already encoded by an {@link SseEncoder} (a broadcast encodes once for every sink). */
    public CompletionStage<Void> sendEncoded(byte[] frame) {
        return write(Unpooled.wrappedBuffer(frame));
    }

    /** The encoder of this stream's server. */
    public SseEncoder encoder() {
        return encoder;
    }

    private CompletionStage<Void> write(ByteBuf frame) {
        int size = frame.readableBytes();
        CompletionStage<Void> written = null;
        CloseReason refused;
        synchronized (lock) {
            refused = closed;
            if (refused == null && pending > 0 && pending + size > maxPending) {
                refused = CloseReason.OVERFLOWED;
            }
            if (refused == null) {
                pending += size;
                written = response.write(frame);
            }
        }
        if (refused != null) {
            frame.release();
            if (refused == CloseReason.OVERFLOWED) {
                end(CloseReason.OVERFLOWED, null);
            }
            return CompletableFuture.failedFuture(new SseClosedException(refused, null));
        }
        return written.handle((v, error) -> {
            synchronized (lock) {
                pending -= size;
            }
            if (error == null) {
                return null;
            }
            end(CloseReason.DISCONNECTED, null);
            throw new CompletionException(new SseClosedException(CloseReason.DISCONNECTED, error));
        });
    }

    /** Bytes of events handed to the connection that it has not taken yet. */
    long pending() {
        synchronized (lock) {
            return pending;
        }
    }

    @Override
    public void complete() {
        end(CloseReason.COMPLETED, null);
    }

    @Override
    public void completeWithError(Throwable error) {
        end(CloseReason.FAILED, error == null ? new IllegalStateException("event stream failed") : error);
    }

    @Override
    public boolean isOpen() {
        synchronized (lock) {
            return closed == null;
        }
    }

    @Override
    public SseSink onClose(Consumer<CloseReason> listener) {
        CloseReason reason;
        synchronized (lock) {
            reason = closed;
            if (reason == null) {
                listeners.add(listener);
                return this;
            }
        }
        listener.accept(reason);
        return this;
    }

    private void end(CloseReason reason, Throwable error) {
        List<Consumer<CloseReason>> notified;
        synchronized (lock) {
            if (closed != null) {
                return;
            }
            closed = reason;
            switch (reason) {
                case COMPLETED, TIMED_OUT -> response.end();
                case FAILED -> {
                    LOG.log(System.Logger.Level.DEBUG, () -> "event stream completed with an error: " + error);
                    response.abort(error);
                }
                case OVERFLOWED -> {
                    LOG.log(System.Logger.Level.DEBUG, () -> "event stream dropped: the client did not take "
                            + pending + " bytes of events (limit " + maxPending + ")");
                    response.abort(new SseClosedException(CloseReason.OVERFLOWED, null));
                }
                case DISCONNECTED -> {
                    // the response is gone already
                }
            }
            notified = List.copyOf(listeners);
            listeners.clear();
        }
        if (timeout != null && reason != CloseReason.TIMED_OUT) {
            timeout.cancel(false);
        }
        for (Consumer<CloseReason> listener : notified) {
            try {
                listener.accept(reason);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "an event stream close listener failed: " + e, e);
            }
        }
    }
}
