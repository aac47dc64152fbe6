package dev.brisk.rest.internal.protect;

import dev.brisk.rest.protect.ConcurrencyLimit;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class AdaptiveLimiterTest {

    private static final long MS = 1_000_000L;

    private final AtomicLong clock = new AtomicLong(5_000 * MS);

    /** Runs {@code count} rounds of {@code concurrent} requests that each take {@code latency}. */
    private void rounds(AdaptiveLimiter limiter, int count, int concurrent, long latency) {
        for (int round = 0; round < count; round++) {
            long[] starts = new long[concurrent];
            int admitted = 0;
            for (int i = 0; i < concurrent; i++) {
                if (limiter.tryAcquire()) {
                    starts[admitted++] = limiter.now();
                }
            }
            clock.addAndGet(latency);
            for (int i = 0; i < admitted; i++) {
                limiter.release(starts[i], true);
            }
        }
    }

    @Test
    void theLimitGrowsWhileLatencyStaysAtItsNoLoadLevel() {
        AdaptiveLimiter limiter = new AdaptiveLimiter(ConcurrencyLimit.adaptive(1, 10, 100), clock::get);
        rounds(limiter, 200, 200, 10 * MS);
        assertThat(limiter.limit()).isEqualTo(100);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void theLimitDropsWhenLatencyRisesAndComesBackWhenItFalls() {
        AdaptiveLimiter limiter = new AdaptiveLimiter(ConcurrencyLimit.adaptive(2, 50, 100), clock::get);
        rounds(limiter, 100, 200, 10 * MS);
        int before = limiter.limit();
        assertThat(before).isEqualTo(100);

        rounds(limiter, 30, 200, 100 * MS);
        assertThat(limiter.limit()).as("latency ten times the no-load latency").isLessThan(before / 2);
        rounds(limiter, 300, 200, 100 * MS);
        assertThat(limiter.limit()).as("never below the minimum").isGreaterThanOrEqualTo(2);

        int low = limiter.limit();
        rounds(limiter, 200, 200, 10 * MS);
        assertThat(limiter.limit()).isGreaterThan(low);
    }

    @Test
    void aLightlyUsedLimitDoesNotGrow() {
        AdaptiveLimiter limiter = new AdaptiveLimiter(ConcurrencyLimit.adaptive(1, 20, 100), clock::get);
        rounds(limiter, 200, 3, 10 * MS);
        assertThat(limiter.limit()).isEqualTo(20);
    }

    @Test
    void requestsBeyondTheLimitAreRefusedAndBrokenOffOnesStillFreeTheirPermit() {
        AdaptiveLimiter limiter = new AdaptiveLimiter(ConcurrencyLimit.adaptive(1, 2, 10), clock::get);
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isFalse();
        limiter.release(limiter.now(), false);
        assertThat(limiter.inFlight()).isEqualTo(1);
        assertThat(limiter.tryAcquire()).isTrue();
    }

    @Test
    void aFixedLimiterCountsAndReleases() {
        Limiter limiter = Limiter.of(ConcurrencyLimit.fixed(2));
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isFalse();
        limiter.release(limiter.now(), true);
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.limit()).isEqualTo(2);
    }
}
