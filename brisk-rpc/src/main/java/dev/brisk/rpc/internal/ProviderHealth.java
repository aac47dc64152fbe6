package dev.brisk.rpc.internal;

import dev.brisk.rpc.ConnectionLostException;
import dev.brisk.rpc.OverloadedException;
import dev.brisk.rpc.RpcClientOptions;
import dev.brisk.rpc.RpcTimeoutException;

import java.util.concurrent.TimeUnit;

/**
 * What a client has learnt about one provider from its calls: an average of its answer times, its consecutive
 * failures, whether it is ejected (an outlier left alone for a growing time), and its warm-up after it joined or came
 * back. An ejected provider whose time is up takes exactly one call, the probe, whose outcome restores it or ejects it
 * again for longer. Only failures that say something about the provider count (timeouts, lost connections,
 * overload), not exceptions thrown by the service: those are answers.
 */
final class ProviderHealth {

    /** Weight of a new answer time in the average. */
    private static final double SMOOTHING = 0.2;
    /**
     * An answer counts at most this many times the average, so one pause (a collection, a busy core) barely moves it;
     * a provider that stays slow still climbs fast, and a timeout counts whole.
     */
    private static final double SPIKE_LIMIT = 3;
    /**
     * An average no answer has refreshed for this long says nothing any more (the provider may have recovered, or
     * have been avoided because of a single slow start): the next answer replaces it.
     */
    private static final long STALE_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** The smallest share of its weight a warming provider gets. */
    private static final double WARM_UP_FLOOR = 0.1;

    private enum State { ACTIVE, EJECTED, PROBING }

    private final int failureThreshold;
    private final long ejectionNanos;
    private final long maxEjectionNanos;
    private final long warmUpNanos;
    private volatile State state = State.ACTIVE;
    private volatile double latencyNanos = -1;
    private volatile long sampledAt;
    private volatile int samples;
    private volatile long warmUpFrom;
    private volatile long ejectedUntil;
    private volatile int failures;
    /** Taken out of rotation by the operator ({@code RpcClient.offline}): takes no calls whatever its health. */
    private volatile boolean offline;
    private volatile long ejectionsTotal;
    private int ejections;
    /** How many times a probe restored it (written under the lock). */
    private volatile int restorations;
    private long restoredAt;
    private Object probe;

    ProviderHealth(RpcClientOptions options) {
        this.failureThreshold = options.outlierFailures();
        this.ejectionNanos = options.ejectionTime().toNanos();
        this.maxEjectionNanos = options.maxEjectionTime().toNanos();
        this.warmUpNanos = options.warmUp().toNanos();
        this.warmUpFrom = System.nanoTime() - warmUpNanos;
    }

    /** Whether the provider takes ordinary calls (it is not ejected, nor being probed, nor offline). */
    boolean admits() {
        return state == State.ACTIVE && !offline;
    }

    /** Whether the operator took the provider out of rotation. */
    boolean offline() {
        return offline;
    }

    void offline(boolean offline) {
        this.offline = offline;
    }

    /** Whether an ejected provider is taking its probe call now. */
    boolean probing() {
        return state == State.PROBING;
    }

    /** How many times the provider was ejected since the client met it. */
    long ejectionsTotal() {
        return ejectionsTotal;
    }

    /** The average of its latest answer times in nanoseconds, however old; {@code -1} before the first. */
    double averageNanos() {
        return latencyNanos;
    }

    /** Whether the provider is ejected or being probed. */
    boolean ejected() {
        return state != State.ACTIVE;
    }

    /**
     * Makes {@code call} the probe of an ejected provider whose time is up; {@code false} when the provider is not
     * ejected, its time is not up, or another call is probing it.
     */
    boolean claimProbe(Object call, long now) {
        if (state != State.EJECTED || now - ejectedUntil < 0) {
            return false;
        }
        synchronized (this) {
            if (state != State.EJECTED || now - ejectedUntil < 0) {
                return false;
            }
            state = State.PROBING;
            probe = call;
            return true;
        }
    }

    /** Whether {@code call} is the probe of the ejected provider. */
    boolean probing(Object call) {
        if (state != State.PROBING) {
            return false;
        }
        synchronized (this) {
            return probe == call;
        }
    }

    /** How many times a probe has restored the provider. */
    int restorations() {
        return restorations;
    }

    /** Gives the probe back unused (its request was never sent): the next call probes instead. */
    synchronized void release(Object call) {
        if (state == State.PROBING && probe == call) {
            probe = null;
            state = State.EJECTED;
        }
    }

    /**
     * Records what a call that took {@code elapsedNanos} came to ({@code failure} is {@code null} for a result).
     * Returns whether the provider has now failed often enough in a row to be ejected; the cluster decides whether it
     * may be (it keeps some providers in any case).
     */
    boolean record(Object call, Throwable failure, long elapsedNanos, long now) {
        if (failure == null && state == State.ACTIVE) {
            // the common case, without the lock: an answer from a provider in use (a racing update of the average
            // may be lost, which an average can afford; an ejection racing with it is decided under the lock)
            sample(elapsedNanos, true, now);
            if (failures != 0) {
                failures = 0;
            }
            return false;
        }
        synchronized (this) {
            return recordLocked(call, failure, elapsedNanos, now);
        }
    }

    private boolean recordLocked(Object call, Throwable failure, long elapsedNanos, long now) {
        boolean counts = counts(failure);
        if (state != State.ACTIVE) {
            if (probe != call) {
                return false;   // a call sent before the ejection: the probe decides
            }
            probe = null;
            if (counts) {
                eject(now);
            } else {
                restore(now);
            }
            return false;
        }
        if (!counts) {
            sample(elapsedNanos, true, now);
        } else if (failure instanceof RpcTimeoutException) {
            sample(elapsedNanos, false, now);
        }
        if (!counts) {
            failures = 0;
            return false;
        }
        return failureThreshold > 0 && ++failures >= failureThreshold;
    }

    private static boolean counts(Throwable failure) {
        return failure instanceof RpcTimeoutException || failure instanceof OverloadedException
                || failure instanceof ConnectionLostException && !(failure instanceof NotSentException);
    }

    private void sample(long elapsedNanos, boolean answered, long now) {
        double previous = latencyNanos;
        if (previous < 0 || now - sampledAt > STALE_NANOS) {
            latencyNanos = elapsedNanos;
            samples = 1;
        } else {
            double sample = answered ? Math.min(elapsedNanos, previous * SPIKE_LIMIT) : elapsedNanos;
            latencyNanos = previous + SMOOTHING * (sample - previous);
            samples++;
        }
        sampledAt = now;
    }

    /**
     * Ejects the provider for the base ejection time, doubled for each ejection since it last stayed healthy for the
     * longest ejection time, up to that longest time. Returns whether it was taking calls until now (not ejected
     * already, nor being probed).
     */
    synchronized boolean eject(long now) {
        boolean wasActive = state == State.ACTIVE;
        if (state == State.ACTIVE && restoredAt != 0 && now - restoredAt > maxEjectionNanos) {
            ejections = 0;
        }
        long duration = ejectionNanos << Math.min(ejections, 20);
        if (duration <= 0 || duration > maxEjectionNanos) {
            duration = maxEjectionNanos;
        }
        ejections++;
        ejectionsTotal++;
        failures = 0;
        probe = null;
        ejectedUntil = now + duration;
        state = State.EJECTED;
        return wasActive;
    }

    /** Takes calls again, warming up, with its answer times forgotten (the probe may have waited out a pause). */
    private void restore(long now) {
        state = State.ACTIVE;
        failures = 0;
        restoredAt = now;
        restorations++;
        latencyNanos = -1;
        warmUpFrom = now;
    }

    /** Starts the warm-up: the provider (re)joined, with its first connection ready. */
    void warmUp(long now) {
        warmUpFrom = now;
    }

    /**
     * The share of its weight the provider gets now: from a tenth, growing evenly to all of it over the warm-up
     * time after it joined or came back.
     */
    double warmUpShare(long now) {
        long elapsed = now - warmUpFrom;
        if (warmUpNanos == 0 || elapsed >= warmUpNanos) {
            return 1;
        }
        return Math.max(WARM_UP_FLOOR, (double) Math.max(0, elapsed) / warmUpNanos);
    }

    /**
     * How many answers (and timeouts) the current average is made of: a few say little (the first answers of a
     * provider carry its class loading and compilation).
     */
    int samples() {
        return samples;
    }

    /** The average time of its answers in nanoseconds, or {@code -1} when no call has told it lately. */
    double latency(long now) {
        double latency = latencyNanos;
        return latency < 0 || now - sampledAt > STALE_NANOS ? -1 : latency;
    }
}
