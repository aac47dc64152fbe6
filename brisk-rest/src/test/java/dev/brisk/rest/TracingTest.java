package dev.brisk.rest;

import dev.brisk.client.BriskClient;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.transport.TraceContext;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * W3C trace context on the server through real sockets, and on through Brisk's client from a handler (on through
 * RPC: brisk-rpc's HandlerTraceTest).
 */
class TracingTest {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

    /** "ctx-traceparent current-traceparent" as a handler sees them. */
    private static void report(RequestContext ctx) {
        ctx.send(ctx.trace().map(TraceContext::traceparent).orElse("none") + " "
                + TraceContext.current().map(TraceContext::traceparent).orElse("none"));
    }

    @Test
    void handlersOnEverySchedulerSeeTheIncomingTraceWithANewServerSpan() throws Exception {
        try (BriskServer server = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                .get("/io", TracingTest::report)
                .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(TracingTest::report))
                .start()) {
            for (String path : new String[] {"/io", "/worker"}) {
                String[] seen = RestTestSupport.get(server, path, "traceparent", TRACEPARENT,
                        "tracestate", "vendor=x").body().split(" ");
                TraceContext trace = TraceContext.parse(seen[0]).orElseThrow();
                assertThat(trace.traceId()).as(path).isEqualTo(TRACE_ID);
                assertThat(trace.spanId()).as(path).isNotEqualTo("00f067aa0ba902b7");
                assertThat(seen[1]).as(path).isEqualTo(seen[0]);
            }
        }
    }

    @Test
    void aMissingOrMalformedTraceparentStartsANewTrace() throws Exception {
        try (BriskServer server = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                .get("/t", TracingTest::report).start()) {
            String fresh = RestTestSupport.get(server, "/t").body().split(" ")[0];
            String malformed = RestTestSupport.get(server, "/t", "traceparent", "00-zz-yy-01").body().split(" ")[0];
            assertThat(TraceContext.parse(fresh)).isPresent();
            assertThat(TraceContext.parse(malformed)).isPresent();
            assertThat(TraceContext.parse(fresh).orElseThrow().traceId())
                    .isNotEqualTo(TraceContext.parse(malformed).orElseThrow().traceId());
        }
    }

    @Test
    void tracestateLinesAreOneListAndTwoTraceparentsStartANewTrace() throws Exception {
        try (BriskServer server = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                .get("/state", ctx -> ctx.send(ctx.trace().orElseThrow().traceState()))
                .get("/t", TracingTest::report).start()) {
            assertThat(RestTestSupport.get(server, "/state", "traceparent", TRACEPARENT, "tracestate", "a=1",
                    "tracestate", "b=2").body()).isEqualTo("a=1,b=2");
            assertThat(RestTestSupport.get(server, "/state", "traceparent", TRACEPARENT, "tracestate",
                    "this is not valid,,,==").body()).isEmpty();
            String twice = RestTestSupport.get(server, "/t", "traceparent", TRACEPARENT, "traceparent",
                    "00-11111111111111111111111111111111-00f067aa0ba902b7-01").body().split(" ")[0];
            assertThat(TraceContext.parse(twice).orElseThrow().traceId()).isNotEqualTo(TRACE_ID)
                    .isNotEqualTo("11111111111111111111111111111111");
        }
    }

    @Test
    void untrustedIncomingTracesAreReplacedAndTheResponseMayNameTheTrace() throws Exception {
        try (BriskServer server = RestTestSupport.server()
                .observability(o -> o.tracing(TracingOptions.builder().trustIncoming(false).responseHeader(true)
                .build()))
                .get("/t", TracingTest::report).start()) {
            HttpResponse<String> response = RestTestSupport.get(server, "/t", "traceparent", TRACEPARENT);
            String served = response.body().split(" ")[0];
            assertThat(TraceContext.parse(served).orElseThrow().traceId()).isNotEqualTo(TRACE_ID);
            assertThat(response.headers().firstValue("traceparent")).contains(served);
        }
    }

    @Test
    void offByDefault() throws Exception {
        try (BriskServer server = RestTestSupport.server().get("/t", TracingTest::report).start()) {
            assertThat(RestTestSupport.get(server, "/t", "traceparent", TRACEPARENT).body()).isEqualTo("none none");
        }
    }

    @Test
    void briskClientSendsTheTraceOnToASecondServer() throws Exception {
        try (BriskServer downstream = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                .get("/down", TracingTest::report).start();
             BriskClient client = BriskClient.create();
             BriskServer upstream = RestTestSupport.server().observability(o -> o.tracing(TracingOptions.DEFAULT))
                     .route(Route.get("/up").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send(
                             ctx.trace().orElseThrow().traceparent() + " " + client.get("http://127.0.0.1:"
                                     + downstream.port() + "/down").send().bodyAsString())))
                     .start()) {
            String[] seen = RestTestSupport.get(upstream, "/up", "traceparent", TRACEPARENT).body().split(" ");
            TraceContext atUpstream = TraceContext.parse(seen[0]).orElseThrow();
            TraceContext atDownstream = TraceContext.parse(seen[1]).orElseThrow();
            assertThat(atUpstream.traceId()).isEqualTo(TRACE_ID);
            assertThat(atDownstream.traceId()).isEqualTo(TRACE_ID);
            assertThat(atDownstream.spanId()).isNotEqualTo(atUpstream.spanId());
        }
    }

    @Test
    void briskClientSendsAnExplicitTraceOrNone() throws Exception {
        TraceContext explicit = TraceContext.newRoot();
        try (BriskServer server = RestTestSupport.server()
                .get("/h", ctx -> ctx.send(ctx.header("traceparent").orElse("none"))).start();
             BriskClient client = BriskClient.create()) {
            String url = "http://127.0.0.1:" + server.port() + "/h";
            assertThat(client.get(url).trace(explicit).send().bodyAsString()).isEqualTo(explicit.traceparent());
            try (TraceContext.Scope ignored = TraceContext.newRoot().makeCurrent()) {
                assertThat(client.get(url).propagateTrace(false).send().bodyAsString()).isEqualTo("none");
                assertThat(client.get(url).send().bodyAsString())
                        .isEqualTo(TraceContext.current().orElseThrow().traceparent());
            }
            assertThat(client.get(url).send().bodyAsString()).isEqualTo("none");
        }
    }
}
