package dev.brisk.http.internal;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/** Futures waiting for a channel to become writable again; completed by the connection handler. */
public final class WritabilityWaiters {

    private static final AttributeKey<WritabilityWaiters> KEY = AttributeKey.valueOf("brisk.writability");

    private final ArrayDeque<CompletableFuture<Void>> waiters = new ArrayDeque<>();

    private WritabilityWaiters() {
    }

    /** The waiters of {@code channel}, created on first use. */
    public static WritabilityWaiters of(Channel channel) {
        WritabilityWaiters existing = channel.attr(KEY).get();
        if (existing == null) {
            existing = new WritabilityWaiters();
            channel.attr(KEY).set(existing);
        }
        return existing;
    }

    public void add(CompletableFuture<Void> waiter) {
        waiters.add(waiter);
    }

    /** Completes the waiters if {@code channel} is writable (or closed); call on writability changes. */
    public static void signal(Channel channel) {
        WritabilityWaiters existing = channel.attr(KEY).get();
        if (existing == null) {
            return;
        }
        while (channel.isWritable() || !channel.isActive()) {
            CompletableFuture<Void> next = existing.waiters.poll();
            if (next == null) {
                return;
            }
            next.complete(null);
        }
    }
}
