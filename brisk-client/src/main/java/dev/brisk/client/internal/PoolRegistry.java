package dev.brisk.client.internal;

import dev.brisk.client.HttpClientException;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** The host pools by origin; drops pools unused for longer than the pool expiry. */
final class PoolRegistry {

    private final ClientRuntime runtime;
    private final Map<HostKey, HostPool> pools = new ConcurrentHashMap<>();
    private final long expiryNanos;
    private final ScheduledFuture<?> expiryTask;
    private volatile boolean closed;

    PoolRegistry(ClientRuntime runtime) {
        this.runtime = runtime;
        this.expiryNanos = runtime.options().poolExpiry().toNanos();
        long period = Math.max(TimeUnit.SECONDS.toNanos(1), Math.min(expiryNanos / 2, TimeUnit.MINUTES.toNanos(1)));
        this.expiryTask = runtime.loop(0).scheduleAtFixedRate(this::expire, period, period, TimeUnit.NANOSECONDS);
    }

    /**
     * The pool for {@code key}, created on first use.
     *
     * @throws HttpClientException when the client is closed
     */
    HostPool get(HostKey key) {
        HostPool pool = pools.get(key);
        if (pool == null) {
            if (closed) {
                throw Failures.clientClosed(key);
            }
            pool = pools.computeIfAbsent(key, k -> new HostPool(k, runtime, runtime.loopCount(),
                    runtime.options().maxConnectionsPerHost(), runtime.options().maxPendingAcquires()));
        }
        return pool;
    }

    /** The pool for {@code key} if there is one; for tests. */
    HostPool find(HostKey key) {
        return pools.get(key);
    }

    private void expire() {
        long now = System.nanoTime();
        pools.forEach((key, pool) -> {
            if (now - pool.lastUsedNanos() > expiryNanos && pools.remove(key, pool)) {
                pool.close();
            }
        });
    }

    void close() {
        closed = true;
        expiryTask.cancel(false);
        for (HostPool pool : pools.values()) {
            pool.close();
        }
        pools.clear();
    }
}
