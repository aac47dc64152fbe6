package dev.brisk.collapse.internal;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** The stripes' lock: mutual exclusion among many threads, and a waiter that outlasts its spinning. */
class StripeLockTest {

    /** Plain fields, written only under the lock: a lost update or a torn pair shows a section that overlapped. */
    private static final class Guarded extends StripeLock {
        long count;
        long shadow;
    }

    @RepeatedTest(3)
    void noTwoThreadsAreInsideAtOnce() throws Exception {
        Guarded guarded = new Guarded();
        int threads = 8;
        int rounds = 200_000;
        AtomicBoolean overlapped = new AtomicBoolean();
        InParallel.run(threads, thread -> {
            for (int i = 0; i < rounds; i++) {
                guarded.lock();
                try {
                    if (guarded.count != guarded.shadow) {
                        overlapped.set(true);
                    }
                    guarded.count++;
                    guarded.shadow = guarded.count;
                } finally {
                    guarded.unlock();
                }
            }
        });
        guarded.lock();
        try {
            assertThat(guarded.count).isEqualTo((long) threads * rounds);
        } finally {
            guarded.unlock();
        }
        assertThat(overlapped).isFalse();
    }

    @Test
    void aThreadWaitingLongerThanItSpinsGetsTheLockOnceItIsReleased() throws Exception {
        Guarded guarded = new Guarded();
        guarded.lock();
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch acquired = new CountDownLatch(1);
        Thread waiter = new Thread(() -> {
            waiting.countDown();
            guarded.lock(); // spins, yields, then parks: the holder keeps it for 200 ms
            try {
                guarded.count = 1;
            } finally {
                guarded.unlock();
            }
            acquired.countDown();
        });
        waiter.start();
        waiting.await();
        assertThat(acquired.await(200, TimeUnit.MILLISECONDS)).isFalse();
        guarded.count = 7;
        guarded.unlock();
        assertThat(acquired.await(10, TimeUnit.SECONDS)).isTrue();
        waiter.join();
        guarded.lock();
        try {
            assertThat(guarded.count).isEqualTo(1);
        } finally {
            guarded.unlock();
        }
    }
}
