package dev.brisk.rest.observe;

import dev.brisk.rest.BriskServer;

/**
 * Watches a server's requests, for metrics, logs or traces: told once for every request the pipeline took, when its
 * response has been written (or the connection closed first), and when the server starts and stops. Registered with
 * {@link ObservabilityConfig#observer(RequestObserver)}
 * or by a {@link dev.brisk.rest.feature.Feature}; a server without observers does no work for them, the choice
 * is made when it starts.
 *
 * <p>{@link #completed} runs on the connection's event loop: it must be quick and must not block.
 */
@FunctionalInterface
public interface RequestObserver {

    /** A request's response has been written, or could not be. Exceptions thrown here are logged and ignored. */
    void completed(CompletedRequest request);

    /**
     * The server this observer belongs to listens now: the place to bind gauges of its state
     * ({@link BriskServer#http()}{@code .metrics()}, {@link BriskServer#schedulers()}). Does nothing by default.
     */
    default void started(BriskServer server) {
    }

    /** The server has shut down: release what {@link #started} bound. Does nothing by default. */
    default void stopped(BriskServer server) {
    }
}
