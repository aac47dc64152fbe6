package dev.brisk.rest.spring.internal;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** The one daemon thread that times out Spring emitters given a timeout; created on first use. */
final class EmitterTimer {

    private EmitterTimer() {
    }

    private static final class Holder {
        static final ScheduledThreadPoolExecutor TIMER = create();

        private static ScheduledThreadPoolExecutor create() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread thread = new Thread(r, "brisk-spring-emitter-timeout");
                thread.setDaemon(true);
                return thread;
            });
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }

    static ScheduledFuture<?> schedule(Runnable task, long millis) {
        return Holder.TIMER.schedule(task, millis, TimeUnit.MILLISECONDS);
    }
}
