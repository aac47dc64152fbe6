package dev.brisk.rest.internal.protect;

import dev.brisk.rest.protect.ConcurrencyLimit;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * A limit that follows latency, after TCP Vegas. The shortest latency seen stands for the latency without load
 * (allowed to drift up by about 0.1 % a sample, so that a lasting change is accepted); a completed request of
 * latency {@code rtt} under limit {@code L} suggests {@code L x (1 - noLoad / rtt)} requests were queueing rather
 * than being served. Below {@code alpha = 3 log10 L} queued, while the requests use at least half the limit, the
 * limit grows by {@code log10 L}; above {@code beta = 6 log10 L} it shrinks by as much; always within the bounds.
 * Samples are taken under a lock: one short update per completed request.
 */
public final class AdaptiveLimiter implements Limiter {

    private final int min;
    private final int max;
    private final LongSupplier clock;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile int limit;
    /** The limit with its fractions, changed under the lock. */
    private double estimate;
    private long noLoad;

    public AdaptiveLimiter(ConcurrencyLimit.Adaptive settings, LongSupplier clock) {
        this.min = settings.minLimit();
        this.max = settings.maxLimit();
        this.clock = clock;
        this.estimate = settings.initialLimit();
        this.limit = settings.initialLimit();
    }

    @Override
    public boolean tryAcquire() {
        return Limiter.incrementBelow(inFlight, limit);
    }

    @Override
    public long now() {
        return clock.getAsLong();
    }

    @Override
    public void release(long start, boolean completed) {
        int before = inFlight.getAndDecrement();
        if (completed) {
            sample(clock.getAsLong() - start, before);
        }
    }

    /** Adjusts the limit to one request's latency, {@code inFlight} requests being in progress when it ended. */
    synchronized void sample(long rtt, int inFlight) {
        rtt = Math.max(1, rtt);
        if (noLoad == 0 || rtt < noLoad) {
            noLoad = rtt;
        } else {
            noLoad = Math.min(rtt, noLoad + Math.max(1, noLoad >> 10));
        }
        double current = estimate;
        double step = Math.max(1, Math.log10(current));
        double queued = current * (1 - (double) noLoad / rtt);
        if (queued > 6 * step) {
            current -= step;
        } else if (queued <= 3 * step && inFlight * 2 >= (int) current) {
            current += step;
        } else {
            return;
        }
        estimate = Math.max(min, Math.min(max, current));
        limit = (int) estimate;
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public int inFlight() {
        return inFlight.get();
    }
}
