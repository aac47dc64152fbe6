package dev.brisk.http.internal;

import java.util.function.LongSupplier;

/**
 * A token bucket for new connections: {@code perSecond} tokens, refilled continuously; a connection that finds the
 * bucket empty is refused. Connections arrive on every event loop, so taking a token is synchronized: it happens
 * once per connection, not per request.
 */
public final class ConnectionRateLimiter {

    private static final long SECOND = 1_000_000_000L;

    private final long capacity;
    private final LongSupplier clock;
    /** Tokens scaled by one second of nanos: one token is {@link #SECOND} units, so refills never round away. */
    private long units;
    private long last;

    public ConnectionRateLimiter(int perSecond) {
        this(perSecond, System::nanoTime);
    }

    /** With the clock to read ({@code System::nanoTime} normally; a fake one in tests). */
    public ConnectionRateLimiter(int perSecond, LongSupplier clock) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException("perSecond must be positive: " + perSecond);
        }
        this.capacity = perSecond * SECOND;
        this.clock = clock;
        this.units = capacity;
        this.last = clock.getAsLong();
    }

    /** Takes a token for a new connection; false when none is left. */
    public synchronized boolean tryAcquire() {
        long now = clock.getAsLong();
        long elapsed = now - last;
        last = now;
        if (elapsed > 0) {
            // elapsed nanos x (perSecond tokens per second) = elapsed x perSecond units; capped at one second's worth
            long perSecond = capacity / SECOND;
            units = elapsed >= SECOND ? capacity : Math.min(capacity, units + elapsed * perSecond);
        }
        if (units < SECOND) {
            return false;
        }
        units -= SECOND;
        return true;
    }
}
