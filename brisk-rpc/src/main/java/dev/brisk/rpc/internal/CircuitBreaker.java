package dev.brisk.rpc.internal;

import dev.brisk.rpc.ConnectionLostException;
import dev.brisk.rpc.OverloadedException;
import dev.brisk.rpc.RpcTimeoutException;

/**
 * Keeps calls away from a provider that keeps failing: after {@code threshold} consecutive failures it opens for a
 * while, then lets calls through again; the first outcome decides whether it closes or opens once more. Only failures
 * that say something about the provider count (timeouts, lost connections, overload), not exceptions thrown by the
 * service.
 */
final class CircuitBreaker {

    private final int threshold;
    private final long openNanos;
    private int failures;
    private boolean open;
    private long openUntil;

    CircuitBreaker(int threshold, long openNanos) {
        this.threshold = threshold;
        this.openNanos = openNanos;
    }

    /** Whether the provider may take calls now. */
    synchronized boolean allows() {
        return !open || System.nanoTime() - openUntil >= 0;
    }

    /** Records a call's outcome; {@code failure} is {@code null} for a success. Any answer resets the count. */
    void record(Throwable failure) {
        if (threshold == 0) {
            return;
        }
        boolean counts = failure instanceof RpcTimeoutException || failure instanceof ConnectionLostException
                || failure instanceof OverloadedException;
        synchronized (this) {
            if (!counts) {
                // an answer, even an exception thrown by the service, shows the provider is working
                failures = 0;
                open = false;
                return;
            }
            if (open || ++failures >= threshold) {
                open = true;
                openUntil = System.nanoTime() + openNanos;
                failures = 0;
            }
        }
    }
}
