package dev.brisk.rest.internal.observe;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.transport.TraceContext;

import dev.brisk.rest.internal.protect.ClientAddresses;
import java.util.List;

/**
 * The server side of tracing: a request's trace context (continued from {@code traceparent} or new, with a new span
 * id for the server span), made current on the threads that run its filters and handler, and recorded as an
 * OpenTelemetry server span when the API is present.
 */
public final class ServerTracing {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final TracingOptions options;
    private final OtelTracing otel;

    /**
     * Tracing whose spans name the client behind the server's trusted proxies ({@code clients}, null when it trusts
     * none), as the IP filter and the access log resolve it.
     */
    public ServerTracing(TracingOptions options, ClientAddresses clients) {
        this.options = options;
        this.otel = options.openTelemetry() && openTelemetryPresent() ? new OtelTracing(clients) : null;
        if (otel != null) {
            LOG.log(System.Logger.Level.DEBUG, "recording server spans through OpenTelemetry");
        }
    }

    private static boolean openTelemetryPresent() {
        try {
            Class.forName("io.opentelemetry.api.GlobalOpenTelemetry", false, ServerTracing.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Whether server spans go to OpenTelemetry. */
    public boolean openTelemetry() {
        return otel != null;
    }

    /**
     * The trace of {@code request} (on its event loop, before filters run); {@code span} receives the OpenTelemetry
     * span state, to keep with the request (null when spans do not go to {@link #openTelemetry() OpenTelemetry}).
     */
    public TraceContext start(ServerRequest request, Object[] span) {
        TraceContext parent = null;
        if (options.trustIncoming()) {
            String traceparent = request.headers().get(TraceContext.TRACEPARENT, null);
            // two traceparent lines cannot be told apart: a new trace (W3C Trace Context, 3.2); tracestate lines
            // are one list
            if (traceparent != null && request.headers().all(TraceContext.TRACEPARENT).size() == 1) {
                List<String> states = request.headers().all(TraceContext.TRACESTATE);
                parent = TraceContext.parse(traceparent, states.isEmpty() ? null
                        : states.size() == 1 ? states.get(0) : String.join(",", states)).orElse(null);
            }
        }
        TraceContext trace = null;
        if (otel != null) {
            OtelTracing.Started started = otel.start(request, parent);
            span[0] = started;
            trace = started.trace();
        }
        if (trace == null) {
            trace = parent != null ? parent.newChild() : TraceContext.newRoot();
        }
        if (options.responseHeader()) {
            request.response().header(TraceContext.TRACEPARENT, trace.traceparent());
        }
        return trace;
    }

    /** Makes the request's trace (and OpenTelemetry span) current on this thread until the scope closes. */
    public TraceContext.Scope enter(TraceContext trace, Object span) {
        if (span == null) {
            return trace.makeCurrent();
        }
        TraceContext.Scope own = trace.makeCurrent();
        TraceContext.Scope otelScope = ((OtelTracing.Started) span).makeCurrent();
        return () -> {
            otelScope.close();
            own.close();
        };
    }

    /** Ends the OpenTelemetry span of a request whose response is complete. */
    public void end(Object span, ServerRequest request, String routeTemplate, Throwable error) {
        if (span != null) {
            ((OtelTracing.Started) span).end(request.response().status(), routeTemplate, error);
        }
    }
}
