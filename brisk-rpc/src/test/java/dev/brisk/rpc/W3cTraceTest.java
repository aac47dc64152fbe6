package dev.brisk.rpc;

import dev.brisk.transport.TraceContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A W3C trace context current on the caller's thread travels with calls, and onwards with the calls a service makes. */
class W3cTraceTest {

    /** Reports the trace it serves. */
    public interface TraceProbe {

        /** The serving thread's traceparent, or "none". */
        String traceparent();

        /** The trace id RpcContext reports. */
        String traceId();
    }

    /** Calls a {@link TraceProbe} on another server. */
    public interface TraceRelay {

        /** What the probe saw, then this server's own traceparent. */
        String relay();
    }

    private RpcServer probeServer;
    private RpcServer relayServer;
    private RpcClient relayClient;
    private RpcClient client;

    @AfterEach
    void stop() {
        for (AutoCloseable c : new AutoCloseable[] {client, relayClient, relayServer, probeServer}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing quietly
                }
            }
        }
    }

    private TraceProbe startProbe() {
        probeServer = RpcServer.builder().host("127.0.0.1").service(TraceProbe.class, new TraceProbe() {
            @Override
            public String traceparent() {
                return RpcContext.current().trace().map(TraceContext::traceparent).orElse("none");
            }

            @Override
            public String traceId() {
                return RpcContext.current().traceId().orElse("none");
            }
        }).start();
        client = RpcClient.builder().addresses("127.0.0.1:" + probeServer.port()).build();
        return client.proxy(TraceProbe.class);
    }

    @Test
    void theCallersTraceReachesTheProviderWithASpanOfItsOwn() throws Exception {
        TraceProbe probe = startProbe();
        TraceContext caller = TraceContext.newRoot();
        String seen = caller.call(probe::traceparent);
        TraceContext served = TraceContext.parse(seen).orElseThrow();
        assertThat(served.traceId()).isEqualTo(caller.traceId());
        assertThat(served.spanId()).isNotEqualTo(caller.spanId());
        assertThat(caller.call(probe::traceId)).isEqualTo(caller.traceId());
    }

    @Test
    void withoutATraceNothingIsSent() {
        TraceProbe probe = startProbe();
        assertThat(probe.traceparent()).isEqualTo("none");
        assertThat(probe.traceId()).isEqualTo("none");
    }

    @Test
    void aServiceSendsItsTraceOnToTheServicesItCalls() throws Exception {
        TraceProbe probe = startProbe();
        relayServer = RpcServer.builder().host("127.0.0.1").service(TraceRelay.class,
                () -> probe.traceparent() + " " + TraceContext.current().orElseThrow().traceparent()).start();
        relayClient = RpcClient.builder().addresses("127.0.0.1:" + relayServer.port()).build();
        TraceContext caller = TraceContext.newRoot();
        String[] seen = caller.call(() -> relayClient.proxy(TraceRelay.class).relay()).split(" ");
        TraceContext atProbe = TraceContext.parse(seen[0]).orElseThrow();
        TraceContext atRelay = TraceContext.parse(seen[1]).orElseThrow();
        assertThat(atProbe.traceId()).isEqualTo(caller.traceId()).isEqualTo(atRelay.traceId());
        assertThat(atProbe.spanId()).isNotEqualTo(atRelay.spanId()).isNotEqualTo(caller.spanId());
    }

    @Test
    void aPlainTraceIdStillTravelsAsBefore() throws Exception {
        TraceProbe probe = startProbe();
        assertThat(RpcContext.callWithTraceId("order-7", probe::traceId)).isEqualTo("order-7");
        assertThat(RpcContext.callWithTraceId("order-7", probe::traceparent)).isEqualTo("none");
    }
}
