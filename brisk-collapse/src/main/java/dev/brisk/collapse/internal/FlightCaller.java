package dev.brisk.collapse.internal;

/**
 * The future of one caller of a {@link DefaultSingleFlight}'s call; the caller that starts a key's call carries that
 * call in it too (no object of its own per call). A subclass may shape what its caller receives of the shared outcome
 * (a copy of the value, or an answer of its own) by overriding {@link #receive}.
 */
public class FlightCaller<V> extends Flight<V> {

    public FlightCaller() {
    }

    /**
     * Hands the caller its part of the call's outcome: {@code value}, or {@code failure} when the call failed.
     * {@code sharers} is how many callers the outcome goes to ({@link Integer#MAX_VALUE} when it is kept for
     * callers still to come); the flight tells every caller, one after the other on the thread that completed
     * the call, before any of them has the value. By default the caller gets the outcome as it is.
     */
    @Override
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
    @Override
    protected boolean timedWhenLeading() {
        return true;
    }
}
