package dev.brisk.collapse.internal;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one daemon thread that fires the timeouts and delays of every collapser of the JVM. Its tasks only complete
 * futures or hand work to an executor; cancelled tasks leave its queue at once.
 */
public final class Timer {

    private static final ScheduledThreadPoolExecutor TIMER = create();

    private Timer() {
    }

    /** Runs {@code task} after {@code nanos}. */
    public static ScheduledFuture<?> schedule(Runnable task, long nanos) {
        return TIMER.schedule(task, nanos, TimeUnit.NANOSECONDS);
    }

    private static ScheduledThreadPoolExecutor create() {
        AtomicInteger count = new AtomicInteger();
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "brisk-collapse-timer-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        return timer;
    }
}
