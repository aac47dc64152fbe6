package dev.brisk.rpc.internal;

import dev.brisk.transport.TraceContext;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * RPC spans through the OpenTelemetry API (the global instance) after its semantic conventions for RPC: a CLIENT span
 * per call, whose {@code traceparent} the request carries, and a SERVER span continuing it; named
 * {@code service/method}, with {@code rpc.system} {@code brisk}, {@code rpc.service}, {@code rpc.method},
 * {@code server.address} and {@code server.port} (client), {@code error.type} and status ERROR when the call failed.
 */
final class OtelCallTracing implements CallTracing {

    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("rpc.system");
    private static final AttributeKey<String> SERVICE = AttributeKey.stringKey("rpc.service");
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("rpc.method");
    private static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    private static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    /** Reads the one header a call carries: its {@code traceparent}. */
    private static final TextMapGetter<String> TRACEPARENT = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String traceparent) {
            return List.of(TraceContext.TRACEPARENT);
        }

        @Override
        public String get(String traceparent, String key) {
            return TraceContext.TRACEPARENT.equals(key) ? traceparent : null;
        }
    };

    private record TracerOf(OpenTelemetry owner, Tracer tracer) {
    }

    /**
     * The tracer of the global instance, looked up again when the global changes: the global is read without claiming
     * it ({@code getOrNoop}), so an application may install its SDK after the client or server started.
     */
    private volatile TracerOf tracer = new TracerOf(null, null);

    private Tracer tracer() {
        OpenTelemetry global = GlobalOpenTelemetry.getOrNoop();
        TracerOf current = tracer;
        if (current.owner() != global) {
            current = new TracerOf(global, global.getTracer("dev.brisk.rpc"));
            tracer = current;
        }
        return current.tracer();
    }

    @Override
    public ClientSpan client(String service, String method) {
        Span span = tracer().spanBuilder(service + "/" + method).setParent(parent()).setSpanKind(SpanKind.CLIENT)
                .setAttribute(SYSTEM, "brisk").setAttribute(SERVICE, service).setAttribute(METHOD, method)
                .startSpan();
        return new Client(span);
    }

    /**
     * The parent of a client span: the current span of OpenTelemetry's context when there is one, else the Brisk
     * trace context of the thread (a request or call served without OpenTelemetry), else none (a new trace).
     */
    private static Context parent() {
        Context current = Context.current();
        if (Span.fromContext(current).getSpanContext().isValid()) {
            return current;
        }
        TraceContext trace = TraceContext.currentOrNull();
        return trace == null ? Context.root()
                : W3CTraceContextPropagator.getInstance().extract(Context.root(), trace.traceparent(), TRACEPARENT);
    }

    @Override
    public ServerSpan server(String service, String method, String traceparent, long arrivalNanos) {
        Context parent = traceparent == null ? Context.root()
                : W3CTraceContextPropagator.getInstance().extract(Context.root(), traceparent, TRACEPARENT);
        // the span starts when the request arrived, not when a thread took it up
        long startEpochNanos = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis())
                - (System.nanoTime() - arrivalNanos);
        Span span = tracer().spanBuilder(service + "/" + method).setParent(parent).setSpanKind(SpanKind.SERVER)
                .setStartTimestamp(startEpochNanos, TimeUnit.NANOSECONDS)
                .setAttribute(SYSTEM, "brisk").setAttribute(SERVICE, service).setAttribute(METHOD, method)
                .startSpan();
        return new Server(span, parent.with(span));
    }

    private static void failed(Span span, String errorType, Throwable failure) {
        span.setStatus(StatusCode.ERROR);
        span.setAttribute(ERROR_TYPE, errorType);
        if (failure != null) {
            span.recordException(failure);
        }
    }

    /** A client span. */
    private record Client(Span span) implements ClientSpan {

        @Override
        public String traceparent() {
            SpanContext context = span.getSpanContext();
            if (!context.isValid()) {
                return null;
            }
            return "00-" + context.getTraceId() + "-" + context.getSpanId() + "-" + context.getTraceFlags().asHex();
        }

        @Override
        public void end(String host, int port, Throwable failure) {
            if (host != null) {
                span.setAttribute(SERVER_ADDRESS, host);
                span.setAttribute(SERVER_PORT, (long) port);
            }
            if (failure != null) {
                failed(span, failure.getClass().getName(), failure);
            }
            span.end();
        }
    }

    /** A server span and the context holding it. */
    private record Server(Span span, Context context) implements ServerSpan {

        @Override
        public TraceContext trace() {
            SpanContext span = span().getSpanContext();
            return span.isValid() ? new TraceContext(span.getTraceId(), span.getSpanId(),
                    span.getTraceFlags().asByte() & 0xff, "") : null;
        }

        @Override
        public TraceContext.Scope makeCurrent() {
            Scope scope = context.makeCurrent();
            return scope::close;
        }

        @Override
        public void end(String errorType, Throwable failure) {
            if (errorType != null) {
                failed(span, errorType, failure);
            }
            span.end();
        }
    }
}
