package dev.brisk.spring.boot;

import dev.brisk.rest.observe.TracingOptions;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * W3C Trace Context on the server, under {@code brisk.tracing.*}: each request's trace (from {@code traceparent}, or
 * new) is {@code TraceContext.current()} in controllers, goes to the access log and on with brisk-client and brisk-rpc
 * calls. Off unless {@code brisk.tracing.enabled}.
 */
@ConfigurationProperties("brisk.tracing")
public class BriskTracingProperties {

    /** Whether requests get a trace context. */
    private boolean enabled;

    /** Whether to continue the trace of an incoming traceparent header; false starts a new trace per request. */
    private boolean trustIncoming = TracingOptions.DEFAULT.trustIncoming();

    /** Whether to answer with the server span's traceparent header. */
    private boolean responseHeader = TracingOptions.DEFAULT.responseHeader();

    /** Whether to record server spans through the global OpenTelemetry when opentelemetry-api is present. */
    private boolean openTelemetry = TracingOptions.DEFAULT.openTelemetry();

    /** The options these settings describe. */
    public TracingOptions toOptions() {
        return TracingOptions.builder().trustIncoming(trustIncoming).responseHeader(responseHeader)
                .openTelemetry(openTelemetry).build();
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public boolean isTrustIncoming() {
        return trustIncoming;
    }

    public void setTrustIncoming(boolean trustIncoming) {
        this.trustIncoming = trustIncoming;
    }

    public boolean isResponseHeader() {
        return responseHeader;
    }

    public void setResponseHeader(boolean responseHeader) {
        this.responseHeader = responseHeader;
    }

    public boolean isOpenTelemetry() {
        return openTelemetry;
    }

    public void setOpenTelemetry(boolean openTelemetry) {
        this.openTelemetry = openTelemetry;
    }
}
