package dev.brisk.rest.internal.sse;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** The one daemon thread that ends event streams whose timeout elapsed; created on first use. */
final class SseTimer {

    private SseTimer() {
    }

    private static final class Holder {
        static final ScheduledThreadPoolExecutor TIMER = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread thread = new Thread(r, "brisk-sse-timeout");
                thread.setDaemon(true);
                return thread;
            });
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }

    static ScheduledFuture<?> schedule(Runnable task, Duration delay) {
        return Holder.TIMER.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
    }
}
