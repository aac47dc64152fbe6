package dev.brisk.client.internal;

import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.internal.pool.HostPool;
import dev.brisk.client.ClientMetrics;
import dev.brisk.client.PoolView;
import dev.brisk.http.common.Protocol;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands what the client measures to the application's {@link ClientMetrics}, and keeps a failing implementation from
 * breaking calls or pools: its exceptions are logged and dropped. A client without metrics has no reporter at all, so
 * callers check for null and skip the clock.
 */
public final class MetricsReporter {

    private static final InternalLogger LOGGER = InternalLoggerFactory.getInstance(MetricsReporter.class);

    private final ClientMetrics metrics;
    /** The view each live pool was reported with, so that its removal is reported with the same view. */
    private final Map<HostPool, PoolView> views = new ConcurrentHashMap<>();

    private MetricsReporter(ClientMetrics metrics) {
        this.metrics = metrics;
    }

    /** A reporter for {@code metrics}, or null when there are none. */
    static MetricsReporter of(ClientMetrics metrics) {
        return metrics == null ? null : new MetricsReporter(metrics);
    }

    void callCompleted(HostKey key, HttpMethod method, int status, Protocol protocol, long startNanos) {
        long duration = System.nanoTime() - startNanos;
        try {
            metrics.callCompleted(key.origin(), method, status, protocol, duration);
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

    void poolCreated(HostPool pool) {
        PoolView view = new HostPoolView(pool);
        views.put(pool, view);
        try {
            metrics.poolCreated(view);
        } catch (RuntimeException e) {
            dropped("poolCreated", e);
        }
    }

    void poolRemoved(HostPool pool) {
        PoolView view = views.remove(pool);
        if (view == null) {
            return;
        }
        try {
            metrics.poolRemoved(view);
        } catch (RuntimeException e) {
            dropped("poolRemoved", e);
        }
    }

    private void dropped(String method, RuntimeException e) {
        LOGGER.warn("{}.{} failed; the measurement is dropped", metrics.getClass().getName(), method, e);
    }
}
