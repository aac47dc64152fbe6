package dev.brisk.collapse;

import java.util.function.Supplier;

/**
 * Receives what a collapser does as it happens, to feed a metrics library ({@code MicrometerCollapseMetrics} of
 * brisk-micrometer for Micrometer). Every method has an empty default; calls come from the threads that do the work,
 * so keep them cheap and never block. An exception thrown by a method is caught (and logged once per collapser):
 * metrics never change what a caller gets. The collapser's own counters ({@link SingleFlight#stats()},
 * {@link BatchCollapser#stats()}) work without it.
 */
public interface CollapseMetrics {

    /** Reports nothing. */
    CollapseMetrics NONE = new CollapseMetrics() {
    };

    /** Called once when a collapser is built with these metrics: {@code stats} reads its counters at any time. */
    default void bind(Supplier<CollapseStats> stats) {
    }

    /**
     * A shared call served {@code callers} callers with {@code keys} keys: for a batch when it is dispatched, for a
     * single flight when the call ends.
     */
    default void executed(int keys, int callers) {
    }

    /** A caller of a batch collapser waited this long in the queue before its batch was dispatched. */
    default void waited(long nanos) {
    }

    /** A caller was refused. */
    default void rejected() {
    }

    /** A caller gave up after the timeout. */
    default void timedOut() {
    }

    /** A caller cancelled. */
    default void cancelled() {
    }
}
