package dev.brisk.rest.internal;

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
}
