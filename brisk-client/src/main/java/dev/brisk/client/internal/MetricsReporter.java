package dev.brisk.client.internal;

import dev.brisk.client.internal.pool.HostPool;
import dev.brisk.client.ClientMetrics;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;

/**
 * Hands what the client measures to the application's {@link ClientMetrics}, and keeps a failing implementation from
 * breaking calls or pools: its exceptions are logged and dropped. A client without metrics has no reporter at all, so
 * callers check for null and skip the clock.
 */
public final class MetricsReporter {

    private static final InternalLogger LOGGER = InternalLoggerFactory.getInstance(MetricsReporter.class);

    private final ClientMetrics metrics;

    private MetricsReporter(ClientMetrics metrics) {
        this.metrics = metrics;
    }

    /** A reporter for {@code metrics}, or null when there are none. */
    static MetricsReporter of(ClientMetrics metrics) {
        return metrics == null ? null : new MetricsReporter(metrics);
    }

    void callCompleted(HostKey key, HttpMethod method, int status, long startNanos) {
        long duration = System.nanoTime() - startNanos;
        try {
            metrics.callCompleted(key.origin(), method, status, duration);
        } catch (RuntimeException e) {
            dropped("callCompleted", e);
        }
    }

    void callFailed(HostKey key, HttpMethod method, Throwable failure, long startNanos) {
        long duration = System.nanoTime() - startNanos;
        try {
            metrics.callFailed(key.origin(), method, failure, duration);
        } catch (RuntimeException e) {
            dropped("callFailed", e);
        }
    }

    public void poolCreated(HostPool pool) {
        try {
            metrics.poolCreated(pool.view());
        } catch (RuntimeException e) {
            dropped("poolCreated", e);
        }
    }

    public void poolRemoved(HostPool pool) {
        try {
            metrics.poolRemoved(pool.view());
        } catch (RuntimeException e) {
            dropped("poolRemoved", e);
        }
    }

    private void dropped(String method, RuntimeException e) {
        LOGGER.warn("{}.{} failed; the measurement is dropped", metrics.getClass().getName(), method, e);
    }
}
