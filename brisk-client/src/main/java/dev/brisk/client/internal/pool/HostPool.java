package dev.brisk.client.internal.pool;

import java.util.concurrent.RejectedExecutionException;

/**
 * The pool of one host: one {@link ChildPool} per event loop, created lazily on that loop. The host's connection and
 * queue limits are split across the child pools; when the limit is below the number of loops, only that many loops
 * serve the host. Remembers when it was last used, so that pools of forgotten hosts can be dropped.
 */
public final class HostPool {

    private static final long TOUCH_GRANULARITY_NANOS = 1_000_000_000L;

    private final HostKey key;
    private final PoolContext context;
    private final ChildPool[] children;
    private final int maxConnections;
    private final int maxPending;
    private volatile long lastUsedNanos = System.nanoTime();
    private volatile boolean closed;

    HostPool(HostKey key, PoolContext context, int loops, int maxConnections, int maxPending) {
        this.key = key;
        this.context = context;
        this.maxConnections = maxConnections;
        this.maxPending = maxPending;
        this.children = new ChildPool[Math.max(1, Math.min(loops, maxConnections))];
    }

    public HostKey key() {
        return key;
    }

    /** Connections (HTTP/1.1) or streams (HTTP/2) leased to calls, over all loops; any thread, without locking. */
    public int active() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().active();
            }
        }
        return total;
    }

    /** Open connections carrying nothing, over all loops; any thread, without locking. */
    public int idle() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().idle();
            }
        }
        return total;
    }

    /** Calls waiting for a connection, over all loops; any thread, without locking. */
    public int pending() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().pending();
            }
        }
        return total;
    }

    /** Open connections, including those being set up, over all loops; any thread, without locking. */
    public int connections() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.counters().connections();
            }
        }
        return total;
    }

    int maxConnections() {
        return maxConnections;
    }

    int maxPending() {
        return maxPending;
    }

    /** How many event loops serve this host. */
    public int width() {
        return children.length;
    }

    /** The child pool of loop {@code index}; call on that loop. Null once the host pool is closed. */
    public ChildPool child(int index) {
        ChildPool child = children[index];
        if (child == null) {
            if (closed) {
                return null;
            }
            int n = children.length;
            child = new ChildPool(this, context, context.loop(index), share(maxConnections, n, index),
                    share(maxPending, n, index));
            children[index] = child;
        }
        return child;
    }

    /**
     * Reserves an idle connection for a call from a thread outside the loops (see {@link ChildPool#tryClaimIdle()}),
     * looking from loop {@code start} on; the child pool that granted it, or null when none has an unreserved idle
     * connection.
     */
    public ChildPool claimIdle(int start) {
        ChildPool[] all = children;
        int n = all.length;
        for (int i = 0; i < n; i++) {
            ChildPool child = all[(start + i) % n];
            if (child != null && child.tryClaimIdle()) {
                return child;
            }
        }
        return null;
    }

    /** The loop index of {@code child}, one of this pool's children. */
    public int indexOf(ChildPool child) {
        for (int i = 0; i < children.length; i++) {
            if (children[i] == child) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a child pool of " + key);
    }

    private static int share(int total, int parts, int index) {
        return total / parts + (index < total % parts ? 1 : 0);
    }

    /** Records a use; cheap (writes at most once a second). */
    public void touch(long nowNanos) {
        if (nowNanos - lastUsedNanos > TOUCH_GRANULARITY_NANOS) {
            lastUsedNanos = nowNanos;
        }
    }

    long lastUsedNanos() {
        return lastUsedNanos;
    }

    boolean isClosed() {
        return closed;
    }

    /** Closes every child pool, each on its own loop. */
    void close() {
        closed = true;
        for (int i = 0; i < children.length; i++) {
            int index = i;
            try {
                context.loop(i).execute(() -> {
                    ChildPool child = children[index];
                    if (child != null) {
                        child.close();
                    }
                });
            } catch (RejectedExecutionException e) {
                // the loop is already shutting down and closes its channels itself
            }
        }
    }

    /** Open connections over all child pools; for tests (racy outside the loops). */
    public int openConnections() {
        int total = 0;
        for (ChildPool child : children) {
            if (child != null) {
                total += child.open();
            }
        }
        return total;
    }
}
