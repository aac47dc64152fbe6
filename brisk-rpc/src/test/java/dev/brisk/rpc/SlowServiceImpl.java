package dev.brisk.rpc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A {@link SlowService} whose blocking methods wait for {@link #release()}; {@code name} tells servers apart. */
class SlowServiceImpl implements SlowService {

    final String name;
    final CountDownLatch release = new CountDownLatch(1);
    /** One permit per blocking call that has started. */
    final Semaphore started = new Semaphore(0);
    final AtomicInteger blockCalls = new AtomicInteger();
    final AtomicInteger idempotentCalls = new AtomicInteger();

    SlowServiceImpl(String name) {
        this.name = name;
    }

    void release() {
        release.countDown();
    }

    /** Waits until {@code calls} blocking calls have started. */
    void awaitStarted(int calls) throws InterruptedException {
        if (!started.tryAcquire(calls, 10, TimeUnit.SECONDS)) {
            throw new AssertionError(calls + " blocking calls did not start on " + name);
        }
    }

    @Override
    public String block(String tag) {
        blockCalls.incrementAndGet();
        started.release();
        await();
        return name + ":" + tag;
    }

    @Override
    public String quick(String tag) {
        return name + ":" + tag;
    }

    @Override
    public String thread() {
        return Thread.currentThread().getName();
    }

    @Override
    public String limited(long sleepMillis) {
        return sleep(sleepMillis);
    }

    @Override
    public String sleep(long sleepMillis) {
        try {
            Thread.sleep(sleepMillis);
            return "slept";
        } catch (InterruptedException e) {
            return "interrupted";
        }
    }

    @Override
    public CompletableFuture<String> blockAsync(String tag) {
        return CompletableFuture.supplyAsync(() -> block(tag), TestThreads.EXECUTOR);
    }

    @Override
    public String blockIdempotent(String tag) {
        idempotentCalls.incrementAndGet();
        started.release();
        await();
        return name + ":" + tag;
    }

    private void await() {
        try {
            if (!release.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException("interrupted");
        }
    }
}
