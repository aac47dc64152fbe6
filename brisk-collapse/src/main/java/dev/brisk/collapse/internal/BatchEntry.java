package dev.brisk.collapse.internal;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/** One caller of a {@link DefaultBatchCollapser}: its key, when it was queued, and the batch it went into. */
final class BatchEntry<K, V> extends CallerFuture<V> {

    static final int QUEUED = 0;
    static final int ASSIGNED = 1;
    static final int LEFT = 2;

    @SuppressWarnings("rawtypes")
    private static final AtomicIntegerFieldUpdater<BatchEntry> STATE =
            AtomicIntegerFieldUpdater.newUpdater(BatchEntry.class, "state");

    final K key;
    final long queuedAt;
    private volatile int state;
    private volatile Batch<K, V> batch;

    BatchEntry(K key, Stats stats) {
        super(stats);
        this.key = key;
        this.queuedAt = System.nanoTime();
    }

    /** Puts this caller into {@code batch}; false when it left while queued. */
    boolean assign(Batch<K, V> target) {
        batch = target;
        return STATE.compareAndSet(this, QUEUED, ASSIGNED);
    }

    @Override
    void left() {
        if (STATE.compareAndSet(this, QUEUED, LEFT)) {
            return; // the dispatcher skips it
        }
        if (STATE.compareAndSet(this, ASSIGNED, LEFT)) {
            batch.left();
        }
    }
}
