package dev.brisk.collapse.internal;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * One call of a {@link DefaultSingleFlight} and the callers waiting for it. Callers join while it runs; when it ends
 * each gets its outcome and the flight leaves the table (or, with a result TTL, stays as a recent result). When its
 * last caller cancels, the flight is abandoned and its stage cancelled; when its last caller times out, the call goes
 * on, in the table, for callers still to come: a key never has two calls at once, however slow its call.
 *
 * <p>Its callers and state are guarded by the lock of its {@link FlightTable} stripe, which also guards its place in
 * the table: joining it, ending it and taking it out of the table happen in one critical section each.
 */
final class Flight<K, V> implements BiConsumer<V, Throwable> {

    private enum State { RUNNING, RECENT, DONE }

    /** What {@link #joinLocked} did: the caller waits for the call, gets the recent result, or must start a call. */
    static final int JOINED = 1;
    static final int RECENT = 2;
    static final int OVER = 0;

    private final DefaultSingleFlight<K, V> owner;
    private final K key;
    private State state = State.RUNNING;
    /** The first caller, and those who joined it (null until one does): {@code count} callers in all. */
    private FlightCaller<V> first;
    private FlightCaller<V>[] joined;
    private int count;
    /** Callers still waiting, the thread running a blocking call included. */
    private int live;
    /** Whether a thread runs the call itself ({@code executeBlocking}): one more caller served. */
    private boolean blockingLeader;
    /** The running call and whether every caller left it: each side writes its own, then reads the other's. */
    private volatile CompletionStage<?> stage;
    private volatile boolean abandoned;
    private V value;
    private long expiresAt;
    /** Its key's hash as {@link FlightTable} spreads it, set there when the flight goes in (so removal skips the key). */
    int tableHash;
    /** The stripe whose lock guards it, set when it goes in the table (null for one that never did). */
    FlightTable.Stripe<K, V> stripe;

    Flight(DefaultSingleFlight<K, V> owner, K key) {
        this.owner = owner;
        this.key = key;
    }

    K key() {
        return key;
    }

    /** Adds the first caller, before the flight is in the table: nobody else can see it yet, so no lock. */
    void lead(FlightCaller<V> waiter) {
        waiter.bind(this, owner.counters());
        waiter.untimed = !waiter.timedWhenLeading();
        add(waiter);
        live = 1;
    }

    /**
     * Makes the calling thread the flight's first caller, running the call itself (before the flight is in the table):
     * it waits for nobody, so the flight stays while it runs whoever joins or leaves.
     */
    void leadBlocking() {
        blockingLeader = true;
        live = 1;
    }

    /**
     * Under the stripe's lock: adds {@code waiter} as one more caller of the running call ({@link #JOINED}); or, for
     * a recent result still fresh, answers that it is one ({@link #RECENT}: the caller gets it from {@link #reuse});
     * else {@link #OVER}, the flight is over.
     */
    int joinLocked(FlightCaller<V> waiter) {
        if (state == State.RUNNING) {
            waiter.bind(this, owner.counters());
            waiter.untimed = false; // it may have been made to lead a flight that lost the race to this one
            add(waiter);
            live++;
            return JOINED;
        }
        return state == State.RECENT && System.nanoTime() - expiresAt < 0 ? RECENT : OVER;
    }

    /** Answers {@code waiter} with the recent result that {@link #joinLocked} found (not under the lock). */
    void reuse(FlightCaller<V> waiter) {
        owner.counters().reused();
        waiter.countIn(owner.counters());
        waiter.receive(value, null, Integer.MAX_VALUE); // written before the lock that found it RECENT was released
    }

    /** Remembers the stage of the running call, cancelling it at once if every caller has left meanwhile. */
    void started(CompletionStage<?> started) {
        stage = started;
        if (abandoned) {
            Failures.cancel(started);
        }
    }

    /** The call completed. */
    @Override
    public void accept(V result, Throwable failure) {
        finish(result, failure);
    }

    /** Ends the call: every caller still waiting gets {@code result} or {@code failure}. */
    void finish(V result, Throwable failure) {
        FlightCaller<V> leader;
        FlightCaller<V>[] served;
        int servedCount;
        boolean recent;
        FlightTable.Stripe<K, V> guard = stripe;
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
            leader = first;
            served = joined;
            servedCount = count;
            first = null;
            joined = null;
            guard.countEnded(blockingLeader ? servedCount + 1 : servedCount);
        } finally {
            guard.unlock();
        }
        if (recent) {
            Timer.schedule(() -> owner.remove(this), owner.resultTtlNanos());
        }
        owner.counters().flightEnded(blockingLeader ? servedCount + 1 : servedCount);
        Throwable cause = failure == null ? null : Failures.unwrap(failure);
        int sharers = recent ? Integer.MAX_VALUE : servedCount;
        for (int i = 0; i < servedCount; i++) {
            try {
                (i == 0 ? leader : served[i - 1]).receive(result, cause, sharers);
            } catch (Throwable ignored) {
                // a caller's own continuation failing must not keep the others from their outcome
            }
        }
    }

    /**
     * Under the stripe's lock: adds to {@code expired} the callers still waiting whose deadline is {@code now} or
     * earlier (the sweep then fails them, outside the lock); a caller seen for the first time gets its deadline,
     * {@code now + timeoutNanos}.
     */
    void expireLocked(long now, long timeoutNanos, List<FlightCaller<?>> expired) {
        if (state != State.RUNNING) {
            return;
        }
        for (int i = 0; i < count; i++) {
            FlightCaller<V> waiter = i == 0 ? first : joined[i - 1];
            if (waiter.untimed) {
                continue;
            }
            if (!waiter.seen) {
                waiter.seen = true;
                waiter.deadline = now + timeoutNanos;
            } else if (waiter.deadline - now <= 0 && !waiter.isDone()) {
                expired.add(waiter);
            }
        }
    }

    /**
     * A caller stopped waiting. When the last one cancelled ({@code gaveUp}), the call is abandoned: it leaves the
     * table, counted as run for nobody, and its stage is cancelled. When the last one timed out, the call stays.
     */
    void left(boolean gaveUp) {
        CompletionStage<?> running;
        FlightTable.Stripe<K, V> guard = stripe;
        if (guard == null) {
            return; // never went in the table: its caller was answered without it
        }
        guard.lock();
        try {
            if (state != State.RUNNING || --live > 0 || !gaveUp) {
                return;
            }
            state = State.DONE;
            first = null;
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

    /** Adds a caller; under the lock once the flight is in the table. */
    private void add(FlightCaller<V> waiter) {
        if (count == 0) {
            first = waiter;
        } else {
            if (joined == null) {
                joined = newArray(2);
            } else if (count - 1 == joined.length) {
                joined = Arrays.copyOf(joined, joined.length * 2);
            }
            joined[count - 1] = waiter;
        }
        count++;
    }

    @SuppressWarnings("unchecked")
    private static <V> FlightCaller<V>[] newArray(int length) {
        return (FlightCaller<V>[]) new FlightCaller[length];
    }
}
