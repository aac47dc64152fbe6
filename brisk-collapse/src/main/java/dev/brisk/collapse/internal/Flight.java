package dev.brisk.collapse.internal;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One call of a {@link DefaultSingleFlight} and the callers waiting for it. Callers join while it runs; when it ends
 * each gets its outcome and the flight leaves the table (or, with a result TTL, stays as a recent result); when its
 * last caller leaves first, the flight is abandoned and its stage cancelled.
 */
final class Flight<K, V> {

    private enum State { RUNNING, RECENT, DONE }

    private final DefaultSingleFlight<K, V> owner;
    private final K key;
    private State state = State.RUNNING;
    private Waiter<V>[] waiters;
    private int count;
    /** Callers still waiting; the call is abandoned when it drops to zero. */
    private int live;
    private CompletionStage<? extends V> stage;
    private V value;
    private long expiresAt;

    @SuppressWarnings("unchecked")
    Flight(DefaultSingleFlight<K, V> owner, K key) {
        this.owner = owner;
        this.key = key;
        this.waiters = (Waiter<V>[]) new Waiter[2];
    }

    K key() {
        return key;
    }

    /**
     * A future for one more caller: waiting for the call, or completed with the recent result; null when the flight
     * is over and the caller must look again.
     */
    synchronized CompletableFuture<V> join() {
        if (state == State.RUNNING) {
            Waiter<V> waiter = new Waiter<>(this, owner.counters(), owner.deadlineFromNow());
            if (count == waiters.length) {
                waiters = Arrays.copyOf(waiters, count * 2);
            }
            waiters[count++] = waiter;
            live++;
            return waiter;
        }
        if (state == State.RECENT && System.nanoTime() - expiresAt < 0) {
            owner.counters().reused();
            return CompletableFuture.completedFuture(value);
        }
        return null;
    }

    /** Remembers the stage of the running call, cancelling it at once if every caller has left meanwhile. */
    void started(CompletionStage<? extends V> started) {
        boolean abandoned;
        synchronized (this) {
            stage = started;
            abandoned = state == State.DONE;
        }
        if (abandoned) {
            Failures.cancel(started);
        }
    }

    /** Ends the call: every caller still waiting gets {@code result} or {@code failure}. */
    void finish(V result, Throwable failure) {
        Waiter<V>[] served;
        int servedCount;
        boolean recent;
        synchronized (this) {
            if (state != State.RUNNING) {
                return;
            }
            recent = failure == null && owner.resultTtlNanos() > 0;
            state = recent ? State.RECENT : State.DONE;
            value = result;
            expiresAt = System.nanoTime() + owner.resultTtlNanos();
            served = waiters;
            servedCount = count;
            waiters = null;
        }
        if (recent) {
            Timer.schedule(() -> owner.remove(this), owner.resultTtlNanos());
        } else {
            owner.remove(this);
        }
        owner.counters().executed(1, servedCount);
        if (result instanceof SharedValue shared) {
            shared.sharers(recent ? Integer.MAX_VALUE : servedCount);
        }
        Throwable cause = failure == null ? null : Failures.unwrap(failure);
        for (int i = 0; i < servedCount; i++) {
            try {
                if (cause == null) {
                    served[i].deliver(result);
                } else {
                    served[i].deliverFailure(cause);
                }
            } catch (Throwable ignored) {
                // a caller's own continuation failing must not keep the others from their outcome
            }
        }
    }

    /** Fails, with {@link dev.brisk.collapse.CollapseTimeoutException}, the callers whose deadline is {@code now} or
     *  earlier and who still wait. */
    void expire(long now, Duration timeout) {
        Waiter<V>[] expired = null;
        int expiredCount = 0;
        synchronized (this) {
            if (state != State.RUNNING) {
                return;
            }
            for (int i = 0; i < count; i++) {
                Waiter<V> waiter = waiters[i];
                if (waiter.deadline - now <= 0 && !waiter.isDone()) {
                    if (expired == null) {
                        expired = Arrays.copyOf(waiters, count);
                    }
                    expired[expiredCount++] = waiter;
                }
            }
        }
        for (int i = 0; i < expiredCount; i++) {
            expired[i].timeOut(key, timeout);
        }
    }

    /** A caller stopped waiting: the last one to go abandons the call. */
    void left() {
        CompletionStage<? extends V> running;
        synchronized (this) {
            if (state != State.RUNNING || --live > 0) {
                return;
            }
            state = State.DONE;
            running = stage;
            waiters = null;
        }
        owner.remove(this);
        if (running != null) {
            Failures.cancel(running);
        }
    }

    /** One caller's future. */
    static final class Waiter<V> extends CallerFuture<V> {
        private final Flight<?, V> flight;
        /** {@link System#nanoTime()} after which the caller has waited too long; see {@link #expire}. */
        final long deadline;

        Waiter(Flight<?, V> flight, Stats stats, long deadline) {
            super(stats);
            this.flight = flight;
            this.deadline = deadline;
        }

        @Override
        void left() {
            flight.left();
        }
    }
}
