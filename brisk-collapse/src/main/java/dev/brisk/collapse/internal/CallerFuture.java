package dev.brisk.collapse.internal;

import dev.brisk.collapse.CollapseTimeoutException;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The future one caller of a collapser holds. The collapser completes it with {@link #deliver} and
 * {@link #deliverFailure}; any other completion (cancellation, the timeout, the caller's own {@code complete}) means
 * the caller has left, and {@link #left(boolean)} tells the collapser so, once: whether it gave up itself (cancelled
 * or completed its future) or timed out.
 */
public abstract class CallerFuture<V> extends CompletableFuture<V> {

    @SuppressWarnings("rawtypes")
    private static final AtomicIntegerFieldUpdater<CallerFuture> GONE =
            AtomicIntegerFieldUpdater.newUpdater(CallerFuture.class, "gone");

    /** Set before the future is shared with the collapser's other threads. */
    private Stats stats;
    private volatile ScheduledFuture<?> timer;
    private volatile int gone;

    CallerFuture(Stats stats) {
        this.stats = stats;
    }

    /** A future whose counters are given by {@link #countIn} before the collapser takes it. */
    CallerFuture() {
    }

    final void countIn(Stats counters) {
        this.stats = counters;
    }

    /** Hands the shared value to this caller; false when it had left already (or is leaving). */
    protected final boolean deliver(V value) {
        if (gone != 0) {
            return false;
        }
        boolean done = super.complete(value);
        stopTimer();
        return done;
    }

    /** Hands the shared failure to this caller; false when it had left already (or is leaving). */
    protected final boolean deliverFailure(Throwable failure) {
        if (gone != 0) {
            return false;
        }
        boolean done = super.completeExceptionally(failure);
        stopTimer();
        return done;
    }

    /** Fails this caller with {@link CollapseTimeoutException} after {@code timeout}, unless it completes first. */
    final void startTimer(Object key, Duration timeout) {
        if (timeout.isZero() || isDone()) {
            return;
        }
        timer = Timer.schedule(() -> timeOut(key, timeout), timeout.toNanos());
        if (isDone()) {
            stopTimer();
        }
    }

    /** Fails this caller with {@link CollapseTimeoutException} now, unless it has completed or left. */
    final void timeOut(Object key, Duration timeout) {
        // leave first: when the caller sees its timeout, a call nobody waits for any more is cancelled already
        if (!isDone() && leaving()) {
            stats.timedOut();
            left(false);
            super.completeExceptionally(new CollapseTimeoutException(key, timeout));
        }
    }

    @Override
    public boolean complete(V value) {
        boolean done = super.complete(value);
        if (done && leaving()) {
            stopTimer();
            left(true);
        }
        return done;
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        boolean done = super.completeExceptionally(failure);
        if (done && leaving()) {
            stopTimer();
            left(true);
        }
        return done;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean done = super.cancel(mayInterruptIfRunning);
        if (done && leaving()) {
            stopTimer();
            stats.cancelled();
            left(true);
        }
        return done;
    }

    /** Whether this is the first time the caller leaves (a cancelled future reports cancellation more than once). */
    private boolean leaving() {
        return GONE.compareAndSet(this, 0, 1);
    }

    /**
     * The caller stopped waiting before the collapser answered it: {@code gaveUp} when it cancelled (or completed its
     * future itself), false when it timed out. Called once. Must not throw.
     */
    abstract void left(boolean gaveUp);

    private void stopTimer() {
        ScheduledFuture<?> scheduled = timer;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }

    /** Plain futures for everything derived from this one. */
    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new CompletableFuture<>();
    }
}
