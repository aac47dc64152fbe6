package dev.brisk.collapse.internal;

/**
 * The future of one caller of a {@link DefaultSingleFlight}'s call. A subclass may shape what its caller receives of
 * the shared outcome (a copy of the value, or an answer of its own) by overriding {@link #receive}.
 */
public class FlightCaller<V> extends CallerFuture<V> {

    private Flight<?, V> flight;
    /**
     * {@link System#nanoTime()} after which the caller has waited too long, set by the first sweep that {@link #seen}
     * the caller; both are read and written under the lock of the flight's stripe (see {@link Flight#expireLocked}).
     */
    long deadline;
    boolean seen;
    /** Whether the collapser's timeout passes over this caller: it started the call and keeps its own deadline. */
    boolean untimed;

    public FlightCaller() {
    }

    /**
     * Makes this the future of a caller of {@code joined}; called under the lock of the flight's stripe, or before
     * the flight is visible to other threads.
     */
    final void bind(Flight<?, V> joined, Stats stats) {
        this.flight = joined;
        countIn(stats);
    }

    /**
     * Hands the caller its part of the call's outcome: {@code value}, or {@code failure} when the call failed.
     * {@code sharers} is how many callers the outcome goes to ({@link Integer#MAX_VALUE} when it is kept for
     * callers still to come); the flight tells every caller, one after the other on the thread that completed
     * the call, before any of them has the value. By default the caller gets the outcome as it is.
     */
    protected void receive(V value, Throwable failure, int sharers) {
        if (failure == null) {
            deliver(value);
        } else {
            deliverFailure(failure);
        }
    }

    /**
     * Whether this caller, when it is the one that starts the call, waits for it under the collapser's timeout (the
     * default) or under a deadline of its own that the call itself enforces (a client request's call timeout, say).
     */
    protected boolean timedWhenLeading() {
        return true;
    }

    @Override
    final void left(boolean gaveUp) {
        Flight<?, V> joined = flight;
        if (joined != null) {
            joined.left(gaveUp);
        }
    }
}
