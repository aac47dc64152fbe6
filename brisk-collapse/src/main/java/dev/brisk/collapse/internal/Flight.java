package dev.brisk.collapse.internal;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * One caller of a {@link DefaultSingleFlight} and, when it is the caller that starts its key's call, that call and the
 * callers waiting for it: the call lives in the future of the caller that started it, one object per caller. Callers
 * join while the call runs; when it ends each gets its outcome and the flight leaves the table (or, with a result TTL,
 * stays as a recent result). When its last caller cancels, the flight is abandoned and its stage cancelled; when its
 * last caller times out, the call goes on, in the table, for callers still to come: a key never has two calls at once,
 * however slow its call. The caller that started it leaves alone like any other: its future ends, the call does not.
 *
 * <p>A flight's callers and state, and each caller's deadline, are guarded by the lock of its {@link FlightTable}
 * stripe, which also guards its place in the table: joining it, ending it and taking it out of the table happen in
 * one critical section each. The public face is {@link FlightCaller}, its only subclass.
 */
abstract class Flight<V> extends CallerFuture<V> implements BiConsumer<V, Throwable> {

    private enum State { RUNNING, RECENT, DONE }

    /** What {@link #joinLocked} did: the caller waits for the call, gets the recent result, or must start a call. */
    static final int JOINED = 1;
    static final int RECENT = 2;
    static final int OVER = 0;

    // --- as a caller: the flight it waits for and its deadline there

    /** The flight this caller waits for: itself when it started the call. */
    private Flight<V> waitsFor;
    /**
     * {@link System#nanoTime()} after which the caller has waited too long, set by the first sweep that {@link #seen}
     * the caller (see {@link #expireLocked}).
     */
    private long deadline;
    private boolean seen;
    /** Whether the collapser's timeout passes over this caller: it started the call and keeps its own deadline. */
    boolean untimed;

    // --- as the flight of the call this caller started (unused when it joined another)

    private DefaultSingleFlight<?, V> owner;
    private Object key;
    private State state;
    /** The callers that joined this one's call (null until one does), {@code joinedCount} of them. */
    private FlightCaller<V>[] joined;
    private int joinedCount;
    /** Callers still waiting, the thread running a blocking call included. */
    private int live;
    /** Whether a thread runs the call itself ({@code executeBlocking}) rather than waiting on this future. */
    private boolean blockingLeader;
    /** The running call and whether every caller left it: each side writes its own, then reads the other's. */
    private volatile CompletionStage<?> stage;
    private volatile boolean abandoned;
    private V value;
    private long expiresAt;
    /** Its key's hash as {@link FlightTable} spreads it, set there when the flight goes in (so removal skips the key). */
    int tableHash;
    /** The stripe whose lock guards it, set when it goes in the table (null for one that never did). */
    FlightTable.Stripe<?, V> stripe;

    Flight() {
    }

    /** Hands this caller its part of the call's outcome (see {@link FlightCaller#receive}). */
    protected abstract void receive(V value, Throwable failure, int sharers);

    /** Whether this caller, when it starts the call, waits under the collapser's timeout (see {@link FlightCaller}). */
    protected abstract boolean timedWhenLeading();

    Object key() {
        return key;
    }

    /**
     * Makes this caller the first of a call of {@code callKey} of its own, before it is in the table: nobody else can
     * see it yet, so no lock.
     */
    final void lead(DefaultSingleFlight<?, V> collapser, Object callKey) {
        begin(collapser, callKey);
        waitsFor = this;
        countIn(collapser.counters());
        untimed = !timedWhenLeading();
    }

    /**
     * Makes this the flight of a call that the calling thread runs itself (before the flight is in the table): the
     * thread waits for nobody, so the flight stays while it runs whoever joins or leaves; this future stays unused
     * unless the key turns out to have a flight already, which it then joins.
     */
    final void leadBlocking(DefaultSingleFlight<?, V> collapser, Object callKey) {
        begin(collapser, callKey);
        blockingLeader = true;
        countIn(collapser.counters());
    }

    private void begin(DefaultSingleFlight<?, V> collapser, Object callKey) {
        owner = collapser;
        key = callKey;
        state = State.RUNNING;
        live = 1;
    }

    /**
     * Under the stripe's lock: adds {@code waiter} (made to lead a flight of its own first, by the same collapser, so
     * counted in already) as one more caller of the running call ({@link #JOINED}); or, for a recent result still
     * fresh, answers that it is one ({@link #RECENT}: the caller gets it from {@link #reuse}); else {@link #OVER}, the
     * flight is over.
     */
    final int joinLocked(FlightCaller<V> waiter) {
        if (state == State.RUNNING) {
            Flight<V> other = waiter;
            other.waitsFor = this;
            other.untimed = false; // it was made to lead a flight of its own, which lost the race to this one
            add(waiter);
            live++;
            return JOINED;
        }
        return state == State.RECENT && System.nanoTime() - expiresAt < 0 ? RECENT : OVER;
    }

    /** Answers {@code waiter} with the recent result that {@link #joinLocked} found (not under the lock). */
    final void reuse(FlightCaller<V> waiter) {
        owner.counters().reused();
        waiter.receive(value, null, Integer.MAX_VALUE); // written before the lock that found it RECENT was released
    }

    /** Remembers the stage of the running call, cancelling it at once if every caller has left meanwhile. */
    final void started(CompletionStage<?> started) {
        stage = started;
        if (abandoned) {
            Failures.cancel(started);
        }
    }

    /** The call completed (this flight is the listener of its call). */
    @Override
    public final void accept(V result, Throwable failure) {
        finish(result, failure);
    }

    /** Ends the call: every caller still waiting gets {@code result} or {@code failure}. */
    final void finish(V result, Throwable failure) {
        FlightCaller<V>[] served;
        int servedCount;
        boolean recent;
        FlightTable.Stripe<?, V> guard = stripe;
        guard.lock();
        try {
            if (state != State.RUNNING) {
                return;
            }
            recent = failure == null && owner.resultTtlNanos() > 0;
            state = recent ? State.RECENT : State.DONE;
            value = result;
            if (recent) {
                expiresAt = System.nanoTime() + owner.resultTtlNanos();
            } else {
                guard.removeLocked(this);
            }
            served = joined;
            servedCount = joinedCount;
            joined = null;
            guard.countEnded(servedCount + 1);
        } finally {
            guard.unlock();
        }
        if (recent) {
            Timer.schedule(() -> owner.remove(this), owner.resultTtlNanos());
        }
        owner.counters().flightEnded(servedCount + 1);
        Throwable cause = failure == null ? null : Failures.unwrap(failure);
        int sharers = recent ? Integer.MAX_VALUE : blockingLeader ? servedCount : servedCount + 1;
        if (!blockingLeader) {
            tell(this, result, cause, sharers);
        }
        for (int i = 0; i < servedCount; i++) {
            tell(served[i], result, cause, sharers);
        }
    }

    private static <V> void tell(Flight<V> caller, V result, Throwable failure, int sharers) {
        try {
            caller.receive(result, failure, sharers);
        } catch (Throwable ignored) {
            // a caller's own continuation failing must not keep the others from their outcome
        }
    }

    /**
     * Under the stripe's lock: adds to {@code expired} the callers still waiting whose deadline is {@code now} or
     * earlier (the sweep then fails them, outside the lock); a caller seen for the first time gets its deadline,
     * {@code now + timeoutNanos}.
     */
    final void expireLocked(long now, long timeoutNanos, List<Flight<?>> expired) {
        if (state != State.RUNNING) {
            return;
        }
        if (!blockingLeader) {
            expire(this, now, timeoutNanos, expired);
        }
        for (int i = 0; i < joinedCount; i++) {
            expire(joined[i], now, timeoutNanos, expired);
        }
    }

    private static void expire(Flight<?> waiter, long now, long timeoutNanos, List<Flight<?>> expired) {
        if (waiter.untimed) {
            return;
        }
        if (!waiter.seen) {
            waiter.seen = true;
            waiter.deadline = now + timeoutNanos;
        } else if (waiter.deadline - now <= 0 && !waiter.isDone()) {
            expired.add(waiter);
        }
    }

    /** This caller stopped waiting: its flight is told (a caller answered without one has none in the table). */
    @Override
    final void left(boolean gaveUp) {
        Flight<V> flight = waitsFor;
        if (flight != null) {
            flight.callerLeft(gaveUp);
        }
    }

    /**
     * One of its callers stopped waiting. When the last one cancelled ({@code gaveUp}), the call is abandoned: it
     * leaves the table, counted as run for nobody, and its stage is cancelled. When the last one timed out, the call
     * stays.
     */
    private void callerLeft(boolean gaveUp) {
        CompletionStage<?> running;
        FlightTable.Stripe<?, V> guard = stripe;
        if (guard == null) {
            return; // never went in the table: its caller was answered without it
        }
        guard.lock();
        try {
            if (state != State.RUNNING || --live > 0 || !gaveUp) {
                return;
            }
            state = State.DONE;
            joined = null;
            guard.removeLocked(this);
            guard.countEnded(0);
        } finally {
            guard.unlock();
        }
        abandoned = true;
        running = stage;
        owner.counters().flightEnded(0);
        if (running != null) {
            Failures.cancel(running);
        }
    }

    /** Adds a caller that joined; under the lock. */
    private void add(FlightCaller<V> waiter) {
        if (joined == null) {
            joined = newArray(2);
        } else if (joinedCount == joined.length) {
            joined = Arrays.copyOf(joined, joined.length * 2);
        }
        joined[joinedCount++] = waiter;
    }

    @SuppressWarnings("unchecked")
    private static <V> FlightCaller<V>[] newArray(int length) {
        return (FlightCaller<V>[]) new FlightCaller<?>[length];
    }
}
