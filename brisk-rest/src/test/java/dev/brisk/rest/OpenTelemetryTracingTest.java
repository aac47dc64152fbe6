package dev.brisk.rest;

import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.transport.TraceContext;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Server spans through the global OpenTelemetry (the SDK with an in-memory exporter), requests over real sockets. */
class OpenTelemetryTracingTest {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
    private OpenTelemetrySdk sdk;

    @BeforeEach
    void installSdk() {
        GlobalOpenTelemetry.resetForTest();
        sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
        GlobalOpenTelemetry.set(sdk);
    }

    @AfterEach
    void removeSdk() {
        sdk.close();
        GlobalOpenTelemetry.resetForTest();
    }

    private List<SpanData> awaitSpans(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (exporter.getFinishedSpanItems().size() < count && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return exporter.getFinishedSpanItems();
    }

    @Test
    void recordsAServerSpanThatContinuesTheIncomingTrace() throws Exception {
        try (BriskServer server = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                .route(Route.get("/users/{id}").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send(
                        ctx.trace().orElseThrow().spanId() + " " + Span.current().getSpanContext().getSpanId())))
                .start()) {
            String[] seen = RestTestSupport.get(server, "/users/7?full=1", "traceparent", TRACEPARENT).body().split(" ");
            SpanData span = awaitSpans(1).get(0);
            assertThat(span.getKind()).isEqualTo(SpanKind.SERVER);
            assertThat(span.getName()).isEqualTo("GET /users/{id}");
            assertThat(span.getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            assertThat(span.getParentSpanId()).isEqualTo("00f067aa0ba902b7");
            // the handler's trace context and OpenTelemetry's current span are the recorded span
            assertThat(seen).containsExactly(span.getSpanId(), span.getSpanId());
            assertThat(span.getAttributes().get(AttributeKey.stringKey("http.request.method"))).isEqualTo("GET");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("url.path"))).isEqualTo("/users/7");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("url.query"))).isEqualTo("full=1");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("http.route"))).isEqualTo("/users/{id}");
            assertThat(span.getAttributes().get(AttributeKey.longKey("http.response.status_code"))).isEqualTo(200L);
            assertThat(span.getAttributes().get(AttributeKey.stringKey("network.protocol.version"))).isEqualTo("1.1");
        }
    }

    @Test
    void serverErrorsMarkTheSpanAndNewTracesAreRoots() throws Exception {
        try (BriskServer server = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                .get("/fail", ctx -> {
                    throw new IllegalStateException("boom");
                }).start()) {
            assertThat(RestTestSupport.get(server, "/fail").statusCode()).isEqualTo(500);
            SpanData span = awaitSpans(1).get(0);
            assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
            // what failed, as the HTTP semantic conventions ask, and the exception as an event
            assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type")))
                    .isEqualTo("java.lang.IllegalStateException");
            assertThat(span.getEvents()).anySatisfy(event -> assertThat(event.getName()).isEqualTo("exception"));
            assertThat(span.getParentSpanContext().isValid()).isFalse();
            assertThat(TraceContext.parse("00-" + span.getTraceId() + "-" + span.getSpanId() + "-01")).isPresent();
        }
    }

    @Test
    void behindTrustedProxiesTheSpanNamesTheClientAndThePeer() throws Exception {
        try (BriskServer server = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                .protection(p -> p.trustedProxies("127.0.0.1"))
                .get("/p", ctx -> ctx.send("p")).start()) {
            RestTestSupport.get(server, "/p", "X-Forwarded-For", "2001:db8:0:0::9");
            SpanData span = awaitSpans(1).get(0);
            assertThat(span.getAttributes().get(AttributeKey.stringKey("client.address"))).isEqualTo("2001:db8::9");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("network.peer.address"))).isEqualTo("127.0.0.1");
        }
    }

    @Test
    void openTelemetryCanBeLeftOut() throws Exception {
        try (BriskServer server = RestTestSupport.server()
                .observability(o -> o.tracing(TracingOptions.builder().openTelemetry(false).build()))
                .get("/t", ctx -> ctx.send(ctx.trace().orElseThrow().traceId() + " "
                        + Span.current().getSpanContext().isValid())).start()) {
            // Brisk's own context, and no OpenTelemetry span around the handler
            assertThat(RestTestSupport.get(server, "/t", "traceparent", TRACEPARENT).body())
                    .isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736 false");
        }
    }
}
