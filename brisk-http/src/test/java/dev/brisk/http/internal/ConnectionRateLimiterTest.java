package dev.brisk.http.internal;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConnectionRateLimiterTest {

    private final AtomicLong now = new AtomicLong(1_000);

    @Test
    void aBurstOfOneSecondsWorthIsAcceptedThenTheRestRefused() {
        ConnectionRateLimiter limiter = new ConnectionRateLimiter(3, now::get);
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isFalse();
    }

    @Test
    void tokensComeBackWithTime() {
        ConnectionRateLimiter limiter = new ConnectionRateLimiter(4, now::get);
        for (int i = 0; i < 4; i++) {
            assertThat(limiter.tryAcquire()).isTrue();
        }
        assertThat(limiter.tryAcquire()).isFalse();
        now.addAndGet(200_000_000L); // 0.2 s at 4 per second: not yet a whole token
        assertThat(limiter.tryAcquire()).isFalse();
        now.addAndGet(100_000_000L); // 0.3 s in all: one token
        assertThat(limiter.tryAcquire()).isTrue();
        assertThat(limiter.tryAcquire()).isFalse();
        now.addAndGet(60_000_000_000L); // a minute later the bucket holds one second's worth, not sixty
        for (int i = 0; i < 4; i++) {
            assertThat(limiter.tryAcquire()).isTrue();
        }
        assertThat(limiter.tryAcquire()).isFalse();
    }

    @Test
    void aRateMustBePositive() {
        assertThatThrownBy(() -> new ConnectionRateLimiter(0)).hasMessage("perSecond must be positive: 0");
    }
}
