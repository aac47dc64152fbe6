package dev.brisk.rest.internal.protect;

import java.util.concurrent.atomic.AtomicInteger;

/** At most a fixed number of requests at once. */
final class FixedLimiter implements Limiter {

    private final int limit;
    private final AtomicInteger inFlight = new AtomicInteger();

    FixedLimiter(int limit) {
        this.limit = limit;
    }

    @Override
    public boolean tryAcquire() {
        return Limiter.incrementBelow(inFlight, limit);
    }

    @Override
    public long now() {
        return 0;
    }

    @Override
    public void release(long start, boolean completed) {
        inFlight.decrementAndGet();
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
