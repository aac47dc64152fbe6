package dev.brisk.rest.internal.protect;

import dev.brisk.rest.protect.ConcurrencyLimit;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts requests in progress against a limit; one per server or route. Thread-safe. */
public interface Limiter {

    /** Admits a request; false, counting nothing, when the limit is reached. */
    boolean tryAcquire();

    /** The time a request starts, as {@link #release} wants it; limiters that do not measure latency return 0. */
    long now();

    /** Ends an admitted request that started at {@code start}; {@code completed} false when it broke off. */
    void release(long start, boolean completed);

    /** The current limit. */
    int limit();

    /** Requests in progress. */
    int inFlight();

    /** A limiter for {@code limit}. */
    static Limiter of(ConcurrencyLimit limit) {
        if (limit instanceof ConcurrencyLimit.Fixed fixed) {
            return new FixedLimiter(fixed.limit());
        }
        return new AdaptiveLimiter((ConcurrencyLimit.Adaptive) limit, System::nanoTime);
    }

    /** Adds one to {@code inFlight} unless it has reached {@code limit}; whether it did. */
    static boolean incrementBelow(AtomicInteger inFlight, int limit) {
        while (true) {
            int current = inFlight.get();
            if (current >= limit) {
                return false;
            }
            if (inFlight.compareAndSet(current, current + 1)) {
                return true;
            }
        }
    }
}
