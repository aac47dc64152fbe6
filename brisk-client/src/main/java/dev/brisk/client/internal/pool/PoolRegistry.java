package dev.brisk.client.internal.pool;

import dev.brisk.client.internal.ClientRuntime;
import dev.brisk.client.internal.Failures;
import dev.brisk.client.internal.HostKey;
import dev.brisk.client.internal.MetricsReporter;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.PoolStats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The host pools by origin; drops pools unused for longer than the pool expiry. Tells the metrics, if any, when a pool
 * is created and dropped; both happen while the map holds the key, so for one key they are told in order.
 */
public final class PoolRegistry {

    private final ClientRuntime runtime;
    private final MetricsReporter metrics;
    private final Map<HostKey, HostPool> pools = new ConcurrentHashMap<>();
    private final long expiryNanos;
    private final ScheduledFuture<?> expiryTask;
    private volatile boolean closed;

    public PoolRegistry(ClientRuntime runtime) {
        this.runtime = runtime;
        this.metrics = runtime.metrics();
        this.expiryNanos = runtime.options().poolExpiry().toNanos();
        long period = Math.max(TimeUnit.SECONDS.toNanos(1), Math.min(expiryNanos / 2, TimeUnit.MINUTES.toNanos(1)));
        this.expiryTask = runtime.loop(0).scheduleAtFixedRate(this::expire, period, period, TimeUnit.NANOSECONDS);
    }

    /**
     * The pool for {@code key}, created on first use.
     *
     * @throws HttpClientException when the client is closed
     */
    public HostPool get(HostKey key) {
        HostPool pool = pools.get(key);
        if (pool == null) {
            if (closed) {
                throw Failures.clientClosed(key);
            }
            pool = pools.computeIfAbsent(key, this::create);
        }
        return pool;
    }

    private HostPool create(HostKey key) {
        if (closed) {
            throw Failures.clientClosed(key);
        }
        HostPool pool = new HostPool(key, runtime, runtime.loopCount(), runtime.options().maxConnectionsPerHost(),
                runtime.options().maxPendingAcquires());
        if (metrics != null) {
            metrics.poolCreated(pool);
        }
        return pool;
    }

    /** The pool for {@code key} if there is one; for tests. */
    public HostPool find(HostKey key) {
        return pools.get(key);
    }

    /** A snapshot of every pool. */
    public List<PoolStats> stats() {
        List<PoolStats> stats = new ArrayList<>(pools.size());
        for (HostPool pool : pools.values()) {
            stats.add(pool.view().stats());
        }
        return stats;
    }

    private void expire() {
        long now = System.nanoTime();
        for (HostPool pool : pools.values()) {
            if (now - pool.lastUsedNanos() > expiryNanos) {
                pools.computeIfPresent(pool.key(), (key, current) -> current == pool ? drop(current) : current);
            }
        }
    }

    /** Closes {@code pool} and tells the metrics; returns null, so that the map forgets it. */
    private HostPool drop(HostPool pool) {
        if (metrics != null) {
            metrics.poolRemoved(pool);
        }
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
