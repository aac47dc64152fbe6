package dev.brisk.rest.protect;

import dev.brisk.rest.Route;

/**
 * How many requests may be in progress at once, server-wide
 * ({@link ProtectionConfig#concurrencyLimit}) or on one route
 * ({@link Route.Builder#concurrencyLimit}, {@link MaxConcurrency} on a controller). A request counts from the moment
 * it is admitted until its response has been written (or the client went away); a request beyond the limit
 * is answered {@code 503} with {@code Retry-After} at once, never queued.
 *
 * <pre>{@code
 * Brisk.server().protection(p -> p.concurrencyLimit(ConcurrencyLimit.fixed(200)));
 * Route.get("/report").concurrencyLimit(ConcurrencyLimit.adaptive(1, 10, 50)).handler(...);
 * }</pre>
 */
public sealed interface ConcurrencyLimit permits ConcurrencyLimit.Fixed, ConcurrencyLimit.Adaptive {

    /** At most {@code limit} requests at once. */
    static Fixed fixed(int limit) {
        return new Fixed(limit);
    }

    /** An adaptive limit between 1 and {@code maxLimit}, starting at {@code min(20, maxLimit)}. */
    static Adaptive adaptive(int maxLimit) {
        return new Adaptive(1, Math.min(20, Math.max(1, maxLimit)), maxLimit);
    }

    /** An adaptive limit between {@code minLimit} and {@code maxLimit}, starting at {@code initialLimit}. */
    static Adaptive adaptive(int minLimit, int initialLimit, int maxLimit) {
        return new Adaptive(minLimit, initialLimit, maxLimit);
    }

    /**
     * A fixed limit.
     *
     * @param limit requests in progress at once; positive
     */
    record Fixed(int limit) implements ConcurrencyLimit {
        public Fixed {
            if (limit <= 0) {
                throw new IllegalArgumentException("limit must be positive: " + limit);
            }
        }
    }

    /**
     * A limit that follows latency, in the manner of TCP Vegas: the shortest latency seen is taken as the no-load
     * latency; from the ratio of it to each request's latency the limiter estimates how many requests are queueing
     * rather than being served. While that queue is small and requests use most of the limit, the limit grows;
     * when it grows large, the limit shrinks. The no-load latency is allowed to drift up slowly, so that a service
     * whose normal latency really changed settles at a new limit.
     *
     * @param minLimit     the lowest the limit goes; positive
     * @param initialLimit the limit at start; within [minLimit, maxLimit]
     * @param maxLimit     the highest the limit goes
     */
    record Adaptive(int minLimit, int initialLimit, int maxLimit) implements ConcurrencyLimit {
        public Adaptive {
            if (minLimit <= 0) {
                throw new IllegalArgumentException("minLimit must be positive: " + minLimit);
            }
            if (maxLimit < minLimit) {
                throw new IllegalArgumentException("maxLimit must be >= minLimit (" + minLimit + "): " + maxLimit);
            }
            if (initialLimit < minLimit || initialLimit > maxLimit) {
                throw new IllegalArgumentException("initialLimit must be within [" + minLimit + ", " + maxLimit
                        + "]: " + initialLimit);
            }
        }
    }
}
