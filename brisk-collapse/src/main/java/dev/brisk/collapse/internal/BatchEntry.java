package dev.brisk.collapse.internal;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One caller of a {@link DefaultBatchCollapser}: its key, when it was queued, and the batch it went into. A caller
 * that leaves while queued stops counting as queued at once (its entry stays in the queue until a drain or a purge
 * passes it over).
 */
final class BatchEntry<K, V> extends CallerFuture<V> {

    static final int QUEUED = 0;
    static final int ASSIGNED = 1;
    static final int LEFT = 2;

    @SuppressWarnings("rawtypes")
    private static final AtomicIntegerFieldUpdater<BatchEntry> STATE =
            AtomicIntegerFieldUpdater.newUpdater(BatchEntry.class, "state");

    final K key;
    final long queuedAt;
    private final Runnable leftQueue;
    private volatile int state;
    private volatile Batch<K, V> batch;

    /** {@code leftQueue} runs when the caller leaves while still queued. */
    BatchEntry(K key, Stats stats, Runnable leftQueue) {
        super(stats);
        this.key = key;
        this.queuedAt = System.nanoTime();
        this.leftQueue = leftQueue;
    }

    /** Takes this caller out of the queue's count to answer it otherwise; false when it left already. */
    boolean claim() {
        return STATE.compareAndSet(this, QUEUED, ASSIGNED);
    }

    boolean hasLeft() {
        return state == LEFT;
    }

    /** Puts this caller into {@code batch}; false when it left while queued. */
    boolean assign(Batch<K, V> target) {
        batch = target;
        return STATE.compareAndSet(this, QUEUED, ASSIGNED);
    }

    @Override
    void left(boolean gaveUp) {
        if (STATE.compareAndSet(this, QUEUED, LEFT)) {
            leftQueue.run(); // the dispatcher skips it
            return;
        }
        if (STATE.compareAndSet(this, ASSIGNED, LEFT)) {
            batch.left(gaveUp);
        }
    }
}
