package dev.brisk.rpc;

import dev.brisk.transport.TraceContext;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Scope;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Client and server spans through the global OpenTelemetry (the SDK, exporting in memory), calls over real sockets. */
class OpenTelemetryRpcTest {

    /** Tells which span serves it. */
    public interface Traced {

        /** OpenTelemetry's current span id, then the span id of {@link RpcContext#trace()}. */
        String spans();

        void fail(String message);
    }

    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("rpc.system");
    private static final AttributeKey<String> SERVICE = AttributeKey.stringKey("rpc.service");
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("rpc.method");
    private static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    private static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
    private OpenTelemetrySdk sdk;
    private RpcServer server;
    private RpcClient client;

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
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        sdk.close();
        GlobalOpenTelemetry.resetForTest();
    }

    private Traced start(boolean serverSpans, boolean clientSpans) {
        server = RpcServer.builder().host("127.0.0.1").openTelemetry(serverSpans).service(Traced.class, new Traced() {
            @Override
            public String spans() {
                return Span.current().getSpanContext().getSpanId() + " "
                        + RpcContext.current().trace().map(TraceContext::spanId).orElse("none");
            }

            @Override
            public void fail(String message) {
                throw new IllegalStateException(message);
            }
        }).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + server.port()).openTelemetry(clientSpans).build();
        return client.proxy(Traced.class);
    }

    private List<SpanData> awaitSpans(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (exporter.getFinishedSpanItems().size() < count && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return exporter.getFinishedSpanItems();
    }

    private static SpanData ofKind(List<SpanData> spans, SpanKind kind) {
        return spans.stream().filter(span -> span.getKind() == kind).findFirst().orElseThrow();
    }

    @Test
    void theServerSpanContinuesTheClientSpanOfTheCallersTrace() throws Exception {
        Traced traced = start(true, true);
        Span parent = sdk.getTracer("test").spanBuilder("caller").startSpan();
        String[] seen;
        try (Scope ignored = parent.makeCurrent()) {
            seen = traced.spans().split(" ");
        } finally {
            parent.end();
        }
        List<SpanData> spans = awaitSpans(3);
        SpanData clientSpan = ofKind(spans, SpanKind.CLIENT);
        SpanData serverSpan = ofKind(spans, SpanKind.SERVER);
        String service = Traced.class.getName();

        assertThat(clientSpan.getName()).isEqualTo(service + "/spans");
        assertThat(clientSpan.getTraceId()).isEqualTo(parent.getSpanContext().getTraceId());
        assertThat(clientSpan.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
        assertThat(clientSpan.getAttributes().get(SYSTEM)).isEqualTo("brisk");
        assertThat(clientSpan.getAttributes().get(SERVICE)).isEqualTo(service);
        assertThat(clientSpan.getAttributes().get(METHOD)).isEqualTo("spans");
        assertThat(clientSpan.getAttributes().get(SERVER_ADDRESS)).isEqualTo("127.0.0.1");
        assertThat(clientSpan.getAttributes().get(SERVER_PORT)).isEqualTo(server.port());
        assertThat(clientSpan.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);

        // across the wire: the server's span is the client span's child, in the same trace
        assertThat(serverSpan.getName()).isEqualTo(service + "/spans");
        assertThat(serverSpan.getTraceId()).isEqualTo(clientSpan.getTraceId());
        assertThat(serverSpan.getParentSpanId()).isEqualTo(clientSpan.getSpanId());
        assertThat(serverSpan.getAttributes().get(SYSTEM)).isEqualTo("brisk");
        assertThat(serverSpan.getAttributes().get(SERVICE)).isEqualTo(service);
        assertThat(serverSpan.getAttributes().get(METHOD)).isEqualTo("spans");
        // the service method runs in the server span, for OpenTelemetry and for Brisk's trace context alike
        assertThat(seen).containsExactly(serverSpan.getSpanId(), serverSpan.getSpanId());
    }

    @Test
    void aFailedCallMarksBothSpans() throws Exception {
        Traced traced = start(true, true);
        assertThatThrownBy(() -> traced.fail("broken")).isInstanceOf(IllegalStateException.class);
        List<SpanData> spans = awaitSpans(2);
        for (SpanData span : List.of(ofKind(spans, SpanKind.CLIENT), ofKind(spans, SpanKind.SERVER))) {
            assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
            assertThat(span.getAttributes().get(ERROR_TYPE)).isEqualTo(IllegalStateException.class.getName());
            assertThat(span.getEvents()).anySatisfy(event -> assertThat(event.getName()).isEqualTo("exception"));
        }
        // a new trace: the caller had none
        assertThat(ofKind(spans, SpanKind.CLIENT).getParentSpanContext().isValid()).isFalse();
    }

    @Test
    void aClientSpanContinuesBrisksTraceContextWhenOpenTelemetryHasNoSpan() throws Exception {
        Traced traced = start(false, true);
        TraceContext caller = TraceContext.newRoot();
        String[] seen = caller.call(traced::spans).split(" ");
        SpanData clientSpan = awaitSpans(1).get(0);
        assertThat(clientSpan.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(clientSpan.getTraceId()).isEqualTo(caller.traceId());
        assertThat(clientSpan.getParentSpanId()).isEqualTo(caller.spanId());
        // a server without spans still serves the trace, as a child of the client span (a span id of its own)
        assertThat(seen[1]).isNotEqualTo(clientSpan.getSpanId()).isNotEqualTo("none");
    }

    @Test
    void aServerSpanContinuesACallerWithoutSpans() throws Exception {
        Traced traced = start(true, false);
        TraceContext caller = TraceContext.newRoot();
        String[] seen = caller.call(traced::spans).split(" ");
        SpanData serverSpan = awaitSpans(1).get(0);
        assertThat(serverSpan.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(serverSpan.getTraceId()).isEqualTo(caller.traceId());
        assertThat(serverSpan.getParentSpanId()).isEqualTo(caller.spanId());
        assertThat(seen).containsExactly(serverSpan.getSpanId(), serverSpan.getSpanId());
    }

    @Test
    void withoutSpansAsked() throws Exception {
        Traced traced = start(false, false);
        TraceContext.newRoot().call(traced::spans);
        assertThat(exporter.getFinishedSpanItems()).isEmpty();
    }
}
