package dev.brisk.http.internal.websocket;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Callbacks handed to an executor run in order, pause reading while too many wait and always resume it once they
 * ran, however the executor's thread and the event loop interleave.
 */
class CallbacksTest {

    private final ExecutorService executor = Executors.newSingleThreadExecutor();
    private final EmbeddedChannel channel = new EmbeddedChannel();

    @AfterEach
    void stop() {
        executor.shutdownNow();
        channel.finishAndReleaseAll();
    }

    @Test
    void runsInOrderAndPausesReadingWhileManyWait() throws Exception {
        Callbacks callbacks = new Callbacks(executor, new ReadGate(channel));
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger next = new AtomicInteger();
        AtomicInteger outOfOrder = new AtomicInteger();
        callbacks.run(() -> await(release));
        for (int i = 0; i < 40; i++) {
            int expected = i;
            callbacks.run(() -> {
                if (next.getAndIncrement() != expected) {
                    outOfOrder.incrementAndGet();
                }
            });
        }
        assertThat(channel.config().isAutoRead()).as("reading paused with 41 callbacks waiting").isFalse();
        release.countDown();
        assertThat(resumed()).as("reading resumed once they ran").isTrue();
        assertThat(next.get()).isEqualTo(40);
        assertThat(outOfOrder.get()).isZero();
    }

    @Test
    void readingAlwaysResumesWhateverTheInterleaving() throws Exception {
        Callbacks callbacks = new Callbacks(executor, new ReadGate(channel));
        for (int burst = 0; burst < 3_000; burst++) {
            CountDownLatch ran = new CountDownLatch(1);
            int size = 33 + burst % 16;
            for (int i = 0; i < size; i++) {
                boolean last = i == size - 1;
                callbacks.run(() -> {
                    if (last) {
                        ran.countDown();
                    }
                });
            }
            assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(resumed()).as("reading resumed after burst %d", burst).isTrue();
        }
    }

    /** Waits up to 5 s for reading to be on again (the last callbacks resume it from the executor's thread). */
    private boolean resumed() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!channel.config().isAutoRead()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
