package dev.brisk.benchmarks.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Offers calls at a fixed total rate to a fixed number of caller threads, each making one synchronous call at a
 * time: a call falls due every {@code 1/rate} seconds whatever happened to the ones before (an open loop), goes to a
 * free caller, and is counted as dropped when every caller is still waiting for an earlier call. Each call gets the
 * next id, unique in the run. While {@code v2} says so, one call in ten is of the second version's method instead.
 */
final class PacedLoad {

    private final CallMix mix;
    private final Tally tally;
    private final BooleanSupplier v2;
    private final AtomicLong ids = new AtomicLong();
    private final ThreadPoolExecutor callers;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
            runnable -> daemon(runnable, "load-ticker"));

    PacedLoad(CallMix mix, Tally tally, int threads, BooleanSupplier v2) {
        this.mix = mix;
        this.tally = tally;
        this.v2 = v2;
        this.callers = new ThreadPoolExecutor(threads, threads, 1, TimeUnit.MINUTES, new SynchronousQueue<>(),
                runnable -> daemon(runnable, "caller"), new ThreadPoolExecutor.AbortPolicy());
        this.callers.prestartAllCoreThreads();
    }

    /**
     * Makes {@code calls} calls of the mix, as fast as the caller threads go, before any is offered at the rate: the
     * JIT compilers, the serializers' generated code and the connections get ready. They are not counted, but take
     * ids (a provider records them like any other). Returns how many failed.
     */
    int warmUp(int calls) throws InterruptedException {
        AtomicLong failed = new AtomicLong();
        long last = ids.get() + calls;
        Runnable warmer = () -> {
            for (long id = ids.incrementAndGet(); id <= last; id = ids.incrementAndGet()) {
                try {
                    mix.call(id);
                } catch (RuntimeException e) {
                    failed.incrementAndGet();
                }
            }
        };
        List<Thread> warmers = new ArrayList<>();
        for (int i = 0; i < callers.getCorePoolSize(); i++) {
            Thread thread = daemon(warmer, "warm-up");
            thread.start();
            warmers.add(thread);
        }
        for (Thread thread : warmers) {
            thread.join();
        }
        return (int) failed.get();
    }

    /** Starts offering {@code rate} calls a second. */
    void start(int rate) {
        ticker.scheduleAtFixedRate(this::offer, 0, 1_000_000_000L / rate, TimeUnit.NANOSECONDS);
    }

    /** Stops offering calls and waits up to {@code seconds} for those under way. */
    void stop(int seconds) throws InterruptedException {
        ticker.shutdownNow();
        ticker.awaitTermination(seconds, TimeUnit.SECONDS);
        callers.shutdown();
        callers.awaitTermination(seconds, TimeUnit.SECONDS);
    }

    private void offer() {
        long id = ids.incrementAndGet();
        boolean second = id % 10 == 9 && v2.getAsBoolean();
        try {
            callers.execute(() -> call(id, second));
        } catch (RejectedExecutionException e) {
            tally.dropped();
        }
    }

    private void call(long id, boolean second) {
        long start = System.nanoTime();
        try {
            CallMix.Answer answer = second ? mix.callV2(id) : mix.call(id);
            tally.answered(answer, System.nanoTime() - start, second);
        } catch (RuntimeException e) {
            tally.failed(e, System.nanoTime() - start, second);
        }
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }
}
