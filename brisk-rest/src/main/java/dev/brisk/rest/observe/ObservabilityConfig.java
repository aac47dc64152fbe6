package dev.brisk.rest.observe;

import dev.brisk.rest.feature.Feature;

/**
 * What the server tells about itself, set with {@code Brisk.server().observability(o -> o.accessLog(..).tracing(..))}:
 * each part is off until set, and costs nothing per request while off.
 */
public interface ObservabilityConfig {

    /** Turns the access log on with {@code options} (format, logger, queue). */
    ObservabilityConfig accessLog(AccessLogOptions options);

    /** Turns W3C trace context handling on with {@code options}. */
    ObservabilityConfig tracing(TracingOptions options);

    /**
     * Adds liveness and readiness routes with {@code options}; readiness answers DOWN as soon as the server begins to
     * close.
     */
    ObservabilityConfig health(HealthOptions options);

    /**
     * Tells {@code observer} about every request once its response has been written, and when the server starts and
     * stops. Observers are told in the order added; metrics (brisk-micrometer's {@code BriskMetrics}) install theirs
     * as a {@link Feature}.
     */
    ObservabilityConfig observer(RequestObserver observer);
}
