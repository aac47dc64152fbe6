package dev.brisk.rpc;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A thread per task for the tests' own asynchronous work. The common pool has a single worker on a two-core
 * machine (and, on recent JDKs, {@code CompletableFuture} uses it there), so one blocked task would hold up the next.
 */
final class TestThreads {

    static final ExecutorService EXECUTOR = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "rpc-test");
        thread.setDaemon(true);
        return thread;
    });

    private TestThreads() {
    }
}
