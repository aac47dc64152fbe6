package dev.brisk.client.internal.pool;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The host pools by origin; drops pools unused for longer than the pool expiry. Tells the {@link PoolContext} when a
 * pool is created and dropped; both happen while the map holds the key, so for one key they are told in order.
 */
public final class PoolRegistry {

    private final PoolContext context;
    private final Map<HostKey, HostPool> pools = new ConcurrentHashMap<>();
    private final long expiryNanos;
    private final ScheduledFuture<?> expiryTask;
    private volatile boolean closed;

    public PoolRegistry(PoolContext context) {
        this.context = context;
        this.expiryNanos = context.poolExpiryNanos();
        long period = Math.max(TimeUnit.SECONDS.toNanos(1), Math.min(expiryNanos / 2, TimeUnit.MINUTES.toNanos(1)));
        this.expiryTask = context.loop(0).scheduleAtFixedRate(this::expire, period, period, TimeUnit.NANOSECONDS);
    }

    /**
     * The pool for {@code key}, created on first use.
     *
     * @throws RuntimeException {@link PoolContext#clientClosed} when the client is closed
     */
    public HostPool get(HostKey key) {
        HostPool pool = pools.get(key);
        if (pool == null) {
            if (closed) {
                throw context.clientClosed(key);
            }
            pool = pools.computeIfAbsent(key, this::create);
        }
        return pool;
    }

    private HostPool create(HostKey key) {
        if (closed) {
            throw context.clientClosed(key);
        }
        HostPool pool = new HostPool(key, context, context.loopCount(), context.maxConnectionsPerHost(),
                context.maxPendingAcquires());
        context.poolCreated(pool);
        return pool;
    }

    /** The pool for {@code key} if there is one; for tests. */
    public HostPool find(HostKey key) {
        return pools.get(key);
    }

    /** Every pool, live: for snapshots of their counts. */
    public Collection<HostPool> pools() {
        return pools.values();
    }

    private void expire() {
        long now = System.nanoTime();
        for (HostPool pool : pools.values()) {
            if (now - pool.lastUsedNanos() > expiryNanos) {
                pools.computeIfPresent(pool.key(), (key, current) -> current == pool ? drop(current) : current);
            }
        }
    }

    /** Closes {@code pool} and tells the context; returns null, so that the map forgets it. */
    private HostPool drop(HostPool pool) {
        context.poolRemoved(pool);
        pool.close();
        return null;
    }

    public void close() {
        closed = true;
        expiryTask.cancel(false);
        for (HostKey key : pools.keySet()) {
            pools.computeIfPresent(key, (k, pool) -> drop(pool));
        }
    }
}
