package dev.brisk.collapse.internal;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.CollapseStats;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The counters of one collapser, also reported to its {@link CollapseMetrics}. An exception thrown by the metrics is
 * caught and logged once per collapser: metrics never change what a caller gets.
 */
public final class Stats {

    private static final System.Logger LOG = System.getLogger(Stats.class.getName());
    private static final int BUCKETS = 32;
    private static final FlightTable.Counts NONE_KEPT = new FlightTable.Counts(0, 0, 0, 0);

    private final CollapseMetrics metrics;
    private final LongAdder callers = new LongAdder();
    private final LongAdder executions = new LongAdder();
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
    private final Supplier<FlightTable.Counts> kept;
    private volatile boolean failureLogged;

    public Stats(CollapseMetrics metrics, IntSupplier queueDepth, IntSupplier inFlight) {
        this(metrics, queueDepth, inFlight, () -> NONE_KEPT);
    }

    /**
     * Counters whose single-flight part ({@code kept}: callers and calls of one key) is kept by the caller under its
     * own locks, where counting costs no atomic operation, and summed here when a snapshot is taken.
     */
    Stats(CollapseMetrics metrics, IntSupplier queueDepth, IntSupplier inFlight, Supplier<FlightTable.Counts> kept) {
        this.metrics = metrics;
        this.queueDepth = queueDepth;
        this.inFlight = inFlight;
        this.kept = kept;
        for (int i = 0; i < BUCKETS; i++) {
            sizes[i] = new LongAdder();
        }
        try {
            metrics.bind(this::snapshot);
        } catch (RuntimeException e) {
            metricsFailed(e);
        }
    }

    void accepted() {
        callers.increment();
    }

    void executed(int keyCount, int callerCount) {
        executions.increment();
        keys.add(keyCount);
        served.add(callerCount);
        sizes[31 - Integer.numberOfLeadingZeros(Math.max(1, keyCount))].increment();
        try {
            metrics.executed(keyCount, callerCount);
        } catch (RuntimeException e) {
            metricsFailed(e);
        }
    }

    /** A single-flight call ran for {@code callerCount} callers (counted in the flight table): tells the metrics. */
    void flightEnded(int callerCount) {
        try {
            metrics.executed(1, callerCount);
        } catch (RuntimeException e) {
            metricsFailed(e);
        }
    }

    void reused() {
        reused.increment();
    }

    void waited(long nanos) {
        waitNanos.add(nanos);
        try {
            metrics.waited(nanos);
        } catch (RuntimeException e) {
            metricsFailed(e);
        }
    }

    void rejected() {
        rejected.increment();
        try {
            metrics.rejected();
        } catch (RuntimeException e) {
            metricsFailed(e);
        }
    }

    void timedOut() {
        timedOut.increment();
        try {
            metrics.timedOut();
        } catch (RuntimeException e) {
            metricsFailed(e);
        }
    }

    void cancelled() {
        cancelled.increment();
        try {
            metrics.cancelled();
        } catch (RuntimeException e) {
            metricsFailed(e);
        }
    }

    private void metricsFailed(RuntimeException e) {
        if (!failureLogged) {
            failureLogged = true;
            LOG.log(System.Logger.Level.WARNING, () -> "collapse metrics " + metrics.getClass().getName() + " threw "
                    + e + "; its exceptions are ignored (logged once per collapser)");
        }
    }

    public CollapseStats snapshot() {
        List<Long> histogram = new ArrayList<>(BUCKETS);
        int last = 0;
        FlightTable.Counts flights = kept.get();
        long solo = flights.solos();
        long single = flights.shared() + solo;
        for (int i = 0; i < BUCKETS; i++) {
            long count = sizes[i].sum() + (i == 0 ? single : 0);
            histogram.add(count);
            if (count != 0) {
                last = i + 1;
            }
        }
        return new CollapseStats(callers.sum() + flights.callers(), executions.sum() + single,
                served.sum() + flights.served() + solo, keys.sum() + single,
                reused.sum(),
                rejected.sum(), timedOut.sum(), cancelled.sum(), queueDepth.getAsInt(), inFlight.getAsInt(),
                waitNanos.sum(), histogram.subList(0, last));
    }
}
