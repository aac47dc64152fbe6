package dev.brisk.collapse.internal;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.CollapseStats;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/** The counters of one collapser, also reported to its {@link CollapseMetrics}. */
public final class Stats {

    private static final int BUCKETS = 32;

    private final CollapseMetrics metrics;
    private final LongAdder callers = new LongAdder();
    private final LongAdder executions = new LongAdder();
    /** Executions of a single key (single-flight calls): counted once, they add one key and one to bucket 0. */
    private final LongAdder singles = new LongAdder();
    /** Single-flight calls that served one caller, the usual case for keys that do not repeat: one adder. */
    private final LongAdder solos = new LongAdder();
    private final LongAdder served = new LongAdder();
    private final LongAdder keys = new LongAdder();
    private final LongAdder reused = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private final LongAdder cancelled = new LongAdder();
    private final LongAdder waitNanos = new LongAdder();
    private final LongAdder[] sizes = new LongAdder[BUCKETS];
    private final IntSupplier queueDepth;
    private final IntSupplier inFlight;

    public Stats(CollapseMetrics metrics, IntSupplier queueDepth, IntSupplier inFlight) {
        this.metrics = metrics;
        this.queueDepth = queueDepth;
        this.inFlight = inFlight;
        for (int i = 0; i < BUCKETS; i++) {
            sizes[i] = new LongAdder();
        }
        metrics.bind(this::snapshot);
    }

    void accepted() {
        callers.increment();
    }

    void executed(int keyCount, int callerCount) {
        executions.increment();
        keys.add(keyCount);
        served.add(callerCount);
        sizes[31 - Integer.numberOfLeadingZeros(Math.max(1, keyCount))].increment();
        metrics.executed(keyCount, callerCount);
    }

    /** A single-flight call ran for {@code callerCount} callers: one key, counted with fewer adders. */
    void flown(int callerCount) {
        if (callerCount == 1) {
            solos.increment();
        } else {
            singles.increment();
            served.add(callerCount);
        }
        metrics.executed(1, callerCount);
    }

    void reused() {
        reused.increment();
    }

    void waited(long nanos) {
        waitNanos.add(nanos);
        metrics.waited(nanos);
    }

    void rejected() {
        rejected.increment();
        metrics.rejected();
    }

    void timedOut() {
        timedOut.increment();
        metrics.timedOut();
    }

    void cancelled() {
        cancelled.increment();
        metrics.cancelled();
    }

    public CollapseStats snapshot() {
        List<Long> histogram = new ArrayList<>(BUCKETS);
        int last = 0;
        long solo = solos.sum();
        long single = singles.sum() + solo;
        for (int i = 0; i < BUCKETS; i++) {
            long count = sizes[i].sum() + (i == 0 ? single : 0);
            histogram.add(count);
            if (count != 0) {
                last = i + 1;
            }
        }
        return new CollapseStats(callers.sum(), executions.sum() + single, served.sum() + solo, keys.sum() + single,
                reused.sum(),
                rejected.sum(), timedOut.sum(), cancelled.sum(), queueDepth.getAsInt(), inFlight.getAsInt(),
                waitNanos.sum(), histogram.subList(0, last));
    }
}
