package dev.brisk.collapse.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs one body on several threads released at once, and waits (at most a minute) until every one has returned. */
final class InParallel {

    /** The work of thread number {@code thread} (0 to threads − 1). */
    @FunctionalInterface
    interface Body {
        void run(int thread) throws Exception;
    }

    private InParallel() {
    }

    /** Runs {@code body} on {@code threads} threads at once; rethrows the first failure of any of them. */
    static void run(int threads, Body body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    go.await();
                    body.run(thread);
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> future : done) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
