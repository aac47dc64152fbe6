package dev.brisk.rpc.internal;

import dev.brisk.transport.TraceContext;

/**
 * Spans of RPC calls, a client's and a server's: the one implementation records them through OpenTelemetry
 * ({@link OtelCallTracing}), loaded only when an application asks for it and has opentelemetry-api. A client or server
 * without tracing holds {@code null} instead, and its calls pay a null check.
 */
public interface CallTracing {

    /** Tracing through OpenTelemetry's global instance; fails when opentelemetry-api is not on the class path. */
    static CallTracing openTelemetry() {
        try {
            Class.forName("io.opentelemetry.api.GlobalOpenTelemetry", false, CallTracing.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("openTelemetry(true) needs io.opentelemetry:opentelemetry-api on the"
                    + " class path", e);
        }
        return new OtelCallTracing();
    }

    /** Starts the client span of a call to {@code method} of {@code service}, child of the calling thread's trace. */
    ClientSpan client(String service, String method);

    /**
     * Starts the server span of a call that arrived at {@code arrivalNanos} ({@link System#nanoTime()}), child of the
     * caller's span its {@code traceparent} names (null: a new trace).
     */
    ServerSpan server(String service, String method, String traceparent, long arrivalNanos);

    /** A started client span. */
    interface ClientSpan {

        /** The {@code traceparent} to send, naming this span as the parent; {@code null} when it records nothing. */
        String traceparent();

        /** Ends the span: the call went to {@code host:port} (host null: to none) and failed with {@code failure}. */
        void end(String host, int port, Throwable failure);
    }

    /** A started server span. */
    interface ServerSpan {

        /** The trace context mirroring the span, for the service method's thread; {@code null} when it records nothing. */
        TraceContext trace();

        /** Makes the span current on this thread for the tracing library too, until the scope closes. */
        TraceContext.Scope makeCurrent();

        /** Ends the span: the service failed with {@code errorType} (null: succeeded), thrown as {@code failure}. */
        void end(String errorType, Throwable failure);
    }
}
