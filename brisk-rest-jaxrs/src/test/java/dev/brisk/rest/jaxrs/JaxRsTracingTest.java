package dev.brisk.rest.jaxrs;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.Schedulers;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.transport.TraceContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** JAX-RS resources reach the request's W3C trace through {@code TraceContext.current()}, over real sockets. */
class JaxRsTracingTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    @Path("/")
    public static class TraceResource {
        @GET
        @Path("trace")
        public String trace() {
            return TraceContext.current().map(TraceContext::traceparent).orElse("none");
        }

        @RunOn(Schedulers.IO)
        @GET
        @Path("trace-io")
        public String traceOnEventLoop() {
            return TraceContext.current().map(TraceContext::traceparent).orElse("none");
        }
    }

    private static String get(BriskServer server, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("traceparent", TRACEPARENT).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void resourcesOnWorkersAndEventLoopsSeeTheTrace() throws Exception {
        try (BriskServer server = Brisk.server().port(0).host("127.0.0.1")
                .observability(o -> o.tracing(TracingOptions.DEFAULT))
                .controllers(new TraceResource()).start()) {
            for (String path : new String[] {"/trace", "/trace-io"}) {
                TraceContext seen = TraceContext.parse(get(server, path)).orElseThrow();
                assertThat(seen.traceId()).as(path).isEqualTo("0af7651916cd43dd8448eb211c80319c");
                assertThat(seen.spanId()).as(path).isNotEqualTo("b7ad6b7169203331");
            }
        }
    }

    @Test
    void withoutTracingThereIsNone() throws Exception {
        try (BriskServer server = Brisk.server().port(0).host("127.0.0.1").controllers(new TraceResource())
                .start()) {
            assertThat(get(server, "/trace")).isEqualTo("none");
        }
    }
}
