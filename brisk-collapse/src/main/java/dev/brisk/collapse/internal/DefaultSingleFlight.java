package dev.brisk.collapse.internal;

import dev.brisk.collapse.CollapseException;
import dev.brisk.collapse.CollapseRejectedException;
import dev.brisk.collapse.CollapseStats;
import dev.brisk.collapse.CollapseTimeoutException;
import dev.brisk.collapse.SingleFlight;
import dev.brisk.collapse.SingleFlightOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * {@link SingleFlight} over a table of {@link Flight}s, one per key in flight ({@link FlightTable}). Caller timeouts
 * cost no timer and no clock read per caller: while calls are in flight one sweep of the table runs every tenth of
 * the timeout (at least 1 ms apart, at most 100 ms); the first sweep that sees a caller gives it its deadline, its
 * time plus the timeout, and a later sweep past that deadline fails it. A caller therefore times out between its
 * timeout and its timeout plus two sweep periods.
 */
public final class DefaultSingleFlight<K, V> implements SingleFlight<K, V> {

    private final SingleFlightOptions options;
    private final FlightTable<K, V> flights;
    private final long resultTtlNanos;
    private final long timeoutNanos;
    private final long sweepPeriodNanos;
    /** Whether a sweep is scheduled; set by the caller that schedules it, cleared by a sweep that finds no flight. */
    private final AtomicBoolean sweeping = new AtomicBoolean();
    private final Stats stats;

    public DefaultSingleFlight(SingleFlightOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.flights = new FlightTable<>(options.maxInFlight());
        this.resultTtlNanos = options.resultTtl().toNanos();
        this.timeoutNanos = options.timeout().toNanos();
        this.sweepPeriodNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1),
                Math.min(TimeUnit.MILLISECONDS.toNanos(100), timeoutNanos / 10));
        this.stats = new Stats(options.metrics(), () -> 0, this::inFlight, flights::counts);
    }

    @Override
    public CompletableFuture<V> execute(K key, Supplier<? extends CompletionStage<? extends V>> call) {
        return execute(key, call, new FlightCaller<>());
    }

    /**
     * Like {@link #execute(Object, Supplier)}, with {@code caller} as the caller's future: a {@link FlightCaller}
     * subclass that shapes what the caller receives of a shared outcome. Returns {@code caller}.
     */
    public <W extends FlightCaller<V>> W execute(K key, Supplier<? extends CompletionStage<? extends V>> call,
                                                 W caller) {
        Objects.requireNonNull(call, "call");
        return execute(key, (ListenedCall<V>) listener -> {
            CompletionStage<? extends V> stage = call.get();
            if (stage != null) {
                stage.whenComplete(listener);
            }
            return stage;
        }, caller);
    }

    /**
     * A call that tells the listener it is given its outcome, once (as {@code whenComplete} would, without the
     * dependent stage), and returns the stage whose cancellation aborts it.
     */
    @FunctionalInterface
    public interface ListenedCall<V> {
        CompletionStage<?> start(BiConsumer<? super V, ? super Throwable> listener);
    }

    /** Like {@link #execute(Object, Supplier, FlightCaller)}, for a call that tells the flight its outcome itself. */
    public <W extends FlightCaller<V>> W execute(K key, ListenedCall<V> call, W caller) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(call, "call");
        caller.lead(this, key);
        Object entered = flights.enter(key, caller);
        if (entered == null) {
            start(caller, call);
            if (!caller.untimed) {
                timeout(caller);
            }
        } else if (entered == FlightTable.JOINED) {
            timeout(caller);
        } else if (entered == FlightTable.FULL) {
            caller.deliverFailure(rejectedException(key));
        } else {
            @SuppressWarnings("unchecked")
            Flight<V> recent = (Flight<V>) entered;
            recent.reuse(caller);
        }
        return caller;
    }

    private void start(Flight<V> flight, ListenedCall<V> call) {
        CompletionStage<?> stage;
        try {
            stage = call.start(flight);
            if (stage == null) {
                throw new NullPointerException("the call for key " + Failures.describe(flight.key())
                        + " returned no CompletionStage");
            }
        } catch (Throwable t) {
            flight.finish(null, t);
            return;
        }
        flight.started(stage);
    }

    @Override
    public V executeBlocking(K key, Callable<? extends V> call) throws Exception {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(call, "call");
        FlightCaller<V> mine = new FlightCaller<>(); // the flight, or the future of a caller that joins one
        mine.leadBlocking(this, key);
        Object entered = flights.enter(key, mine);
        if (entered == null) {
            return lead(mine, call);
        }
        if (entered == FlightTable.FULL) {
            throw rejectedException(key);
        }
        if (entered != FlightTable.JOINED) {
            @SuppressWarnings("unchecked")
            Flight<V> recent = (Flight<V>) entered;
            recent.reuse(mine);
        }
        return await(mine, key);
    }

    /** Runs the call on this thread for this caller and everyone who joins meanwhile. */
    private V lead(Flight<V> flight, Callable<? extends V> call) throws Exception {
        V value;
        try {
            value = call.call();
        } catch (InterruptedException e) {
            flight.finish(null, new CollapseException("the thread running the call for key "
                    + Failures.describe(flight.key()) + " was interrupted", e));
            throw e;
        } catch (Throwable t) {
            flight.finish(null, t);
            throw Failures.rethrow(t);
        }
        flight.finish(value, null);
        return value;
    }

    private V await(CompletableFuture<V> joined, K key) throws Exception {
        try {
            long timeout = options.timeout().toNanos();
            return timeout == 0 ? joined.get() : joined.get(timeout, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw Failures.rethrow(Failures.unwrap(e));
        } catch (TimeoutException e) {
            CollapseTimeoutException timedOut = new CollapseTimeoutException(key, options.timeout());
            if (joined.completeExceptionally(timedOut)) {
                stats.timedOut();
                throw timedOut;
            }
            return await(joined, key);
        } catch (InterruptedException e) {
            joined.cancel(false);
            throw e;
        }
    }

    private void timeout(CompletableFuture<V> caller) {
        if (timeoutNanos > 0 && !caller.isDone() && !sweeping.get() && sweeping.compareAndSet(false, true)) {
            Timer.schedule(this::sweep, sweepPeriodNanos);
        }
    }

    /** Times out the callers past their deadline; runs again while flights remain. */
    private void sweep() {
        long now = System.nanoTime();
        List<Flight<?>> expired = new ArrayList<>();
        List<Object> keys = new ArrayList<>();
        flights.forEachLocked(flight -> {
            int before = expired.size();
            flight.expireLocked(now, timeoutNanos, expired);
            for (int i = before; i < expired.size(); i++) {
                keys.add(flight.key());
            }
        });
        for (int i = 0; i < expired.size(); i++) {
            try {
                expired.get(i).timeOut(keys.get(i), options.timeout());
            } catch (Throwable ignored) {
                // a caller's continuation failing must not stop the sweep of the others
            }
        }
        if (flights.isEmpty()) {
            sweeping.set(false);
            // a caller may have joined between the look and the reset: it found the flag still set
            if (flights.isEmpty() || !sweeping.compareAndSet(false, true)) {
                return;
            }
        }
        Timer.schedule(this::sweep, sweepPeriodNanos);
    }

    private CollapseRejectedException rejectedException(K key) {
        stats.rejected();
        return new CollapseRejectedException("too many keys in flight (maxInFlight " + options.maxInFlight()
                + "): key " + Failures.describe(key) + " refused");
    }

    void remove(Flight<V> flight) {
        flights.remove(flight);
    }

    Stats counters() {
        return stats;
    }

    long resultTtlNanos() {
        return resultTtlNanos;
    }

    @Override
    public int inFlight() {
        return flights.size();
    }

    @Override
    public CollapseStats stats() {
        return stats.snapshot();
    }

    @Override
    public SingleFlightOptions options() {
        return options;
    }

    @Override
    public String toString() {
        return "SingleFlight[inFlight=" + inFlight() + ", " + options + "]";
    }
}
