package dev.brisk.rest.jaxrs.internal.sse;

import dev.brisk.rest.sse.SseEvent;
import dev.brisk.rest.sse.SseSink;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseEventSink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The {@code @Context SseEventSink} of one request, over Brisk's {@link SseSink}. As in Jersey, the event stream opens
 * (status, headers after the response filters) when the resource method has returned; events sent before that are
 * held and go first, and their stages complete at once. Once open, a send's stage completes when the event has been
 * handed to the connection and it can take more. Thread-safe: events may be sent from any thread.
 */
public final class JaxRsEventSink implements SseEventSink {

    private final EventEncoder encoder;
    private final Object lock = new Object();
    private final List<Runnable> closeListeners = new ArrayList<>(1);
    private List<SseEvent> held = new ArrayList<>(2);
    private SseSink stream;
    /** Closed by the application, or abandoned because the resource method failed. */
    private boolean closed;
    private boolean ended;

    public JaxRsEventSink(EventEncoder encoder) {
        this.encoder = encoder;
    }

    @Override
    public boolean isClosed() {
        synchronized (lock) {
            return closed || stream != null && !stream.isOpen();
        }
    }

    /**
     * Sends an event.
     *
     * @throws IllegalStateException when the sink is closed (as Jersey does)
     */
    @Override
    public CompletionStage<?> send(OutboundSseEvent event) {
        Objects.requireNonNull(event, "event");
        if (isClosed()) {
            throw new IllegalStateException("the event sink is closed");
        }
        SseEvent encoded;
        try {
            encoded = encoder.encode(event);
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return sendEncoded(encoded);
    }

    /** Sends an event already in Brisk's terms (a broadcast encodes it once for every sink). */
    CompletionStage<?> sendEncoded(SseEvent event) {
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("the event sink is closed"));
            }
            if (stream == null) {
                held.add(event);
                return CompletableFuture.completedFuture(null);
            }
            // under the lock: the order of sends is the order on the wire, held events first
            return stream.send(event);
        }
    }

    /** Ends the event stream normally (once it opened: after the held events). */
    @Override
    public void close() {
        SseSink open;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            open = stream;
        }
        if (open != null) {
            open.complete();
        }
    }

    /** Opens the stream on {@code opened} once the resource method returned: the held events go first. */
    public void open(SseSink opened) {
        boolean closeNow;
        synchronized (lock) {
            stream = opened;
            opened.onClose(reason -> ended());
            for (SseEvent event : held) {
                opened.send(event);
            }
            held = null;
            closeNow = closed;
        }
        if (closeNow) {
            opened.complete();
        }
    }

    /** Whether the stream was opened. */
    public boolean opened() {
        synchronized (lock) {
            return stream != null;
        }
    }

    /** The resource method failed: the stream never opens, held events are dropped. */
    public void abandon() {
        synchronized (lock) {
            if (stream != null) {
                return;
            }
            closed = true;
            held = null;
        }
        ended();
    }

    /** Runs {@code listener} once when the stream has ended (closed, timed out, client gone, abandoned). */
    void onClosed(Runnable listener) {
        synchronized (lock) {
            if (!ended) {
                closeListeners.add(listener);
                return;
            }
        }
        listener.run();
    }

    private void ended() {
        List<Runnable> listeners;
        synchronized (lock) {
            if (ended) {
                return;
            }
            ended = true;
            closed = true;
            listeners = List.copyOf(closeListeners);
            closeListeners.clear();
        }
        for (Runnable listener : listeners) {
            listener.run();
        }
    }

    @Override
    public String toString() {
        return "SseEventSink[" + (isClosed() ? "closed" : stream == null ? "opening" : "open") + "]";
    }
}
