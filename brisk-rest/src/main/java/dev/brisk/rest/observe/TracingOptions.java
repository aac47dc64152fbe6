package dev.brisk.rest.observe;

import dev.brisk.rest.RequestContext;

/**
 * W3C Trace Context on the server: each request gets a {@link dev.brisk.transport.TraceContext} (the trace of its
 * {@code traceparent} header, or a new one, with a new span id for the server's span), reachable from the handler as
 * {@link RequestContext#trace()} and {@code TraceContext.current()} on the thread running it, written to the access
 * log, and sent on by brisk-client and brisk-rpc calls made from that thread. Off unless
 * {@link ObservabilityConfig#tracing(TracingOptions)} is called.
 *
 * @param trustIncoming whether to continue the trace of an incoming {@code traceparent}; false starts a new trace for
 *                      every request (for servers facing clients that should not choose trace ids); default true
 * @param responseHeader whether to answer with the server span's {@code traceparent} header, so a caller without
 *                      tracing of its own can quote the trace id; default false
 * @param openTelemetry whether to record server spans through OpenTelemetry's global instance when
 *                      {@code io.opentelemetry:opentelemetry-api} is on the class path; default true
 */
public record TracingOptions(boolean trustIncoming, boolean responseHeader, boolean openTelemetry) {

    /** The defaults listed above. */
    public static final TracingOptions DEFAULT = new TracingOptions(true, false, true);

    /** A builder starting from {@link #DEFAULT}. */
    public static Builder builder() {
        return DEFAULT.toBuilder();
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds {@link TracingOptions}. */
    public static final class Builder {
        private boolean trustIncoming;
        private boolean responseHeader;
        private boolean openTelemetry;

        private Builder(TracingOptions options) {
            trustIncoming = options.trustIncoming;
            responseHeader = options.responseHeader;
            openTelemetry = options.openTelemetry;
        }

        /** Whether to continue the trace of an incoming {@code traceparent}. */
        public Builder trustIncoming(boolean trustIncoming) {
            this.trustIncoming = trustIncoming;
            return this;
        }

        /** Whether to answer with the server span's {@code traceparent}. */
        public Builder responseHeader(boolean responseHeader) {
            this.responseHeader = responseHeader;
            return this;
        }

        /** Whether to record server spans through OpenTelemetry when its API is present. */
        public Builder openTelemetry(boolean openTelemetry) {
            this.openTelemetry = openTelemetry;
            return this;
        }

        public TracingOptions build() {
            return new TracingOptions(trustIncoming, responseHeader, openTelemetry);
        }
    }
}
