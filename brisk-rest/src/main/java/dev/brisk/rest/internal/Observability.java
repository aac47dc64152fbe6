package dev.brisk.rest.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.internal.observe.AccessLog;
import dev.brisk.rest.internal.observe.AccessLogEntry;
import dev.brisk.rest.internal.observe.ServerTracing;
import dev.brisk.rest.observe.RequestObserver;
import dev.brisk.transport.TraceContext;

/**
 * What watches a server's requests: its {@link RequestObserver}, access log and tracing, each null when off and all
 * fixed before serving. What is off costs nothing per request.
 */
final class Observability {

    /** Told about every completed request; null (no work per request) unless the server has observers. */
    private final RequestObserver observer;
    private final AccessLog accessLog;
    private final ServerTracing tracing;

    /** Each null when off. */
    Observability(RequestObserver observer, AccessLog accessLog, ServerTracing tracing) {
        this.observer = observer;
        this.accessLog = accessLog;
        this.tracing = tracing;
    }

    /** Whether requests are observed. */
    boolean observed() {
        return observer != null;
    }

    /** The access log, null when off. */
    AccessLog accessLog() {
        return accessLog;
    }

    /**
     * Starts observing a request that just arrived, on its event loop before anything else runs: its trace, its
     * access log line, and one listener for the end of its response that tells the log and the observer.
     */
    void start(DefaultRequestContext ctx) {
        RequestObserver observing = observer;
        if (observing != null || accessLog != null) {
            ctx.startNanos = System.nanoTime(); // one clock read for the access log and the observer
        }
        AccessLogEntry logged = tracing != null || accessLog != null ? open(ctx) : null;
        if (observing != null || logged != null) {
            Observation.begin(observing, logged, ctx);
        }
    }

    /** Starts the request's trace and access log line; returns the line, or null without an access log. */
    private AccessLogEntry open(DefaultRequestContext ctx) {
        ServerRequest request = ctx.request();
        if (tracing != null) {
            Object[] span = tracing.openTelemetry() ? new Object[1] : null;
            ctx.trace = tracing.start(request, span);
            ctx.span = span == null ? null : span[0];
            if (ctx.span != null) {
                // the handler's failure (answered as a problem or by an exception handler), else the write's
                request.response().completion().whenComplete((v, error) -> tracing.end(ctx.span, request,
                        ctx.routeTemplate(), ctx.failure() != null ? ctx.failure() : error));
            }
        }
        return accessLog == null ? null : accessLog.begin(request, ctx.trace, ctx.startNanos);
    }

    /** Makes the trace of {@code ctx} (which has one) current on this thread until the scope is closed. */
    TraceContext.Scope enter(DefaultRequestContext ctx) {
        return tracing.enter(ctx.trace, ctx.span);
    }

    /** Closes the access log. */
    void close() {
        if (accessLog != null) {
            accessLog.close();
        }
    }
}
