package dev.brisk.rest.jaxrs.internal.sse;

import dev.brisk.rest.sse.SseEvent;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Jakarta REST's {@link SseBroadcaster}: sends each event to every registered sink, encoding it once. A sink leaves
 * when its stream ends (the {@code onClose} listeners are told) or when a send to it fails (the {@code onError}
 * listeners are told). Thread-safe.
 */
final class JaxRsBroadcaster implements SseBroadcaster {

    private final EventEncoder encoder;
    private final Set<SseEventSink> sinks = ConcurrentHashMap.newKeySet();
    private final List<Consumer<SseEventSink>> closeListeners = new CopyOnWriteArrayList<>();
    private final List<BiConsumer<SseEventSink, Throwable>> errorListeners = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    JaxRsBroadcaster(EventEncoder encoder) {
        this.encoder = encoder;
    }

    @Override
    public void onError(BiConsumer<SseEventSink, Throwable> onError) {
        errorListeners.add(Objects.requireNonNull(onError, "onError"));
    }

    @Override
    public void onClose(Consumer<SseEventSink> onClose) {
        closeListeners.add(Objects.requireNonNull(onClose, "onClose"));
    }

    /** @throws IllegalStateException when the broadcaster is closed */
    @Override
    public void register(SseEventSink sink) {
        Objects.requireNonNull(sink, "sink");
        requireOpen();
        if (sinks.add(sink) && sink instanceof JaxRsEventSink known) {
            known.onClosed(() -> {
                if (sinks.remove(sink)) {
                    closed(sink);
                }
            });
        }
    }

    /**
     * Sends {@code event} to every sink; the result completes when each has taken it or failed.
     *
     * @throws IllegalStateException when the broadcaster is closed
     */
    @Override
    public CompletionStage<?> broadcast(OutboundSseEvent event) {
        Objects.requireNonNull(event, "event");
        requireOpen();
        SseEvent encoded;
        try {
            encoded = encoder.encode(event);
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        List<CompletableFuture<?>> sent = new ArrayList<>(sinks.size());
        for (SseEventSink sink : sinks) {
            if (sink.isClosed()) {
                if (sinks.remove(sink)) {
                    closed(sink);
                }
                continue;
            }
            CompletionStage<?> stage;
            try {
                stage = sink instanceof JaxRsEventSink known ? known.sendEncoded(encoded) : sink.send(event);
            } catch (RuntimeException e) {
                stage = CompletableFuture.failedFuture(e);
            }
            sent.add(stage.toCompletableFuture().handle((v, error) -> {
                if (error != null && sinks.remove(sink)) {
                    failed(sink, error instanceof CompletionException && error.getCause() != null
                            ? error.getCause() : error);
                }
                return null;
            }));
        }
        return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
    }

    /** Closes the broadcaster and every registered sink. */
    @Override
    public void close() {
        close(true);
    }

    /** Closes the broadcaster; with {@code cascading}, every registered sink too. */
    @Override
    public void close(boolean cascading) {
        closed = true;
        for (SseEventSink sink : List.copyOf(sinks)) {
            if (!sinks.remove(sink)) {
                continue;
            }
            if (cascading) {
                try {
                    sink.close();
                } catch (IOException | RuntimeException e) {
                    failed(sink, e);
                    continue;
                }
                closed(sink);
            }
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the broadcaster is closed");
        }
    }

    private void closed(SseEventSink sink) {
        for (Consumer<SseEventSink> listener : closeListeners) {
            listener.accept(sink);
        }
    }

    private void failed(SseEventSink sink, Throwable error) {
        for (BiConsumer<SseEventSink, Throwable> listener : errorListeners) {
            listener.accept(sink, error);
        }
    }
}
