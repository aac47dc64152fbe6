package dev.brisk.rest.sse;

import dev.brisk.rest.internal.sse.DefaultSseSink;
import dev.brisk.rest.internal.sse.SseEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sends the same events to many {@link SseSink}s: a chat room, a dashboard's subscribers. Sinks leave the broadcaster
 * by themselves when their stream ends (completed, timed out, client gone). An event is encoded once for all the
 * sinks of one server. Thread-safe.
 *
 * <pre>{@code
 * SseBroadcaster room = new SseBroadcaster();
 * server.get("/room", ctx -> room.add(ctx.sse()));
 * room.send(SseEvent.of("message", new Message("ada", "hello")));
 * }</pre>
 */
public final class SseBroadcaster implements AutoCloseable {

    private final Set<SseSink> sinks = ConcurrentHashMap.newKeySet();

    /** Adds a sink; it is removed again when its stream ends. A sink that has already ended is not added. */
    public SseBroadcaster add(SseSink sink) {
        Objects.requireNonNull(sink, "sink");
        sinks.add(sink);
        sink.onClose(reason -> sinks.remove(sink));
        return this;
    }

    /** Removes a sink without ending its stream; returns whether it was there. */
    public boolean remove(SseSink sink) {
        return sinks.remove(sink);
    }

    /** How many sinks are open. */
    public int size() {
        return sinks.size();
    }

    /**
     * Sends {@code event} to every sink. The result completes when every sink has taken it or turned out closed (a
     * closed sink is removed, it does not fail the broadcast).
     *
     * @throws IllegalArgumentException when no codec writes the event's data as its media type
     */
    public CompletionStage<Void> send(SseEvent event) {
        Objects.requireNonNull(event, "event");
        List<CompletableFuture<Void>> sent = new ArrayList<>(sinks.size());
        EncodedOnce encoded = new EncodedOnce(event);
        for (SseSink sink : sinks) {
            CompletionStage<Void> stage = sink instanceof DefaultSseSink known
                    ? known.sendEncoded(encoded.bytes(known.encoder()))
                    : sink.send(event);
            sent.add(stage.toCompletableFuture().handle((v, error) -> {
                if (error != null) {
                    sinks.remove(sink);
                }
                return null;
            }));
        }
        return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
    }

    /** Sends an event with {@code data} only to every sink. */
    public CompletionStage<Void> send(Object data) {
        return send(SseEvent.of(data));
    }

    /** Completes every sink's stream and forgets them. */
    @Override
    public void close() {
        for (SseSink sink : List.copyOf(sinks)) {
            sinks.remove(sink);
            sink.complete();
        }
    }

    /** The event's bytes, encoded on first use by each distinct encoder (one per server). */
    private static final class EncodedOnce {
        private final SseEvent event;
        private SseEncoder encoder;
        private byte[] bytes;

        EncodedOnce(SseEvent event) {
            this.event = event;
        }

        byte[] bytes(SseEncoder by) {
            if (bytes == null || encoder != by) {
                ByteBuf buf = by.encode(event, ByteBufAllocator.DEFAULT);
                try {
                    bytes = ByteBufUtil.getBytes(buf);
                } finally {
                    buf.release();
                }
                encoder = by;
            }
            return bytes;
        }
    }
}
