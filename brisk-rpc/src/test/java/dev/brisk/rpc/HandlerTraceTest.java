package dev.brisk.rpc;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.transport.TraceContext;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** A brisk-rest handler that calls an RPC provider: the provider serves within the HTTP request's trace. */
class HandlerTraceTest {

    private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

    /** Reports the trace an RPC provider serves. */
    public interface TraceEcho {
        String traceparent();
    }

    @Test
    void briskRpcCarriesTheTraceFromAHandlerToAProvider() throws Exception {
        try (RpcServer provider = RpcServer.builder().host("127.0.0.1").service(TraceEcho.class,
                        () -> RpcContext.current().trace().map(TraceContext::traceparent).orElse("none")).start();
             RpcClient rpc = RpcClient.builder().addresses("127.0.0.1:" + provider.port()).build();
             BriskServer server = Brisk.server().host("127.0.0.1").port(0)
                     .observability(o -> o.tracing(TracingOptions.DEFAULT))
                     .route(Route.get("/rpc").scheduler(Schedulers.WORKER)
                             .handler(ctx -> ctx.send(rpc.proxy(TraceEcho.class).traceparent())))
                     .start()) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + server.port() + "/rpc"))
                    .header("traceparent", TRACEPARENT).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            TraceContext atProvider = TraceContext.parse(response.body()).orElseThrow();
            assertThat(atProvider.traceId()).isEqualTo(TRACE_ID);
            assertThat(atProvider.traceparent()).isNotEqualTo(TRACEPARENT); // the server span's id, not the caller's
        }
    }
}
