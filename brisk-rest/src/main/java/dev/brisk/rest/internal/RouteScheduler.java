package dev.brisk.rest.internal;

import dev.brisk.rest.SchedulerState;

/** Where a route's handler runs; fails fast with 503 instead of queueing without bound. */
interface RouteScheduler {

    /** The scheduler's name. */
    String name();

    /** Whether the task runs on the calling event loop. */
    boolean inline();

    /** Runs {@code task} for {@code ctx}; when it cannot, answers 503 with Retry-After. */
    void dispatch(DefaultRequestContext ctx, Runnable task);

    /** Stops accepting work. */
    default void shutdown() {
    }

    /** A snapshot of the scheduler's state. */
    default SchedulerState state() {
        return new SchedulerState(name(), inline() ? "io" : "custom", -1, -1, -1, -1, 0);
    }

    /** Changes the number of worker threads; only pools support it. */
    default void resize(int threads) {
        throw new UnsupportedOperationException("scheduler " + name() + " has no thread pool to resize");
    }
}
