package dev.brisk.rest;

import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.rest.observe.HealthOptions;
import dev.brisk.rest.observe.HealthResult;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import java.io.IOException;
import org.assertj.core.api.Assertions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Liveness and readiness routes through real sockets: checks, timeouts, custom paths, and DOWN while draining. */
class HealthTest {

    @Test
    void upWithoutChecks() throws Exception {
        try (BriskServer server = RestTestSupport.server().observability(o -> o.health(HealthOptions.DEFAULT))
                .start()) {
            HttpResponse<String> live = RestTestSupport.get(server, "/health/live");
            assertThat(live.statusCode()).isEqualTo(200);
            assertThat(live.body()).isEqualTo("{\"status\":\"UP\",\"checks\":{}}");
            assertThat(live.headers().firstValue("content-type")).contains("application/json");
            HttpResponse<String> ready = RestTestSupport.get(server, "/health/ready");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).isEqualTo("{\"status\":\"UP\",\"checks\":{\"draining\":{\"status\":\"UP\"}}}");
        }
    }

    @Test
    void anyDownCheckMakes503WithEveryChecksDetails() throws Exception {
        AtomicBoolean dbUp = new AtomicBoolean(true);
        HealthOptions options = HealthOptions.builder()
                .readiness("db", () -> HealthResult.of(dbUp.get()).withDetail("pool", 4))
                .readiness("cache", HealthCheck.async(() -> CompletableFuture.supplyAsync(HealthResult::up,
                        CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS))))
                .build();
        try (BriskServer server = RestTestSupport.server().observability(o -> o.health(options)).start()) {
            assertThat(RestTestSupport.get(server, "/health/ready").statusCode()).isEqualTo(200);
            dbUp.set(false);
            HttpResponse<String> ready = RestTestSupport.get(server, "/health/ready");
            assertThat(ready.statusCode()).isEqualTo(503);
            assertThat(ready.body()).isEqualTo("{\"status\":\"DOWN\",\"checks\":{\"draining\":{\"status\":\"UP\"},"
                    + "\"db\":{\"status\":\"DOWN\",\"details\":{\"pool\":4}},\"cache\":{\"status\":\"UP\"}}}");
            assertThat(RestTestSupport.get(server, "/health/live").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void failingAndHangingChecksAreDown() throws Exception {
        HealthOptions options = HealthOptions.builder().livenessPath("/livez").readinessPath("/readyz")
                .timeout(Duration.ofMillis(200))
                .liveness("throws", () -> {
                    throw new IllegalStateException("broken");
                })
                .liveness("hangs", HealthCheck.async(CompletableFuture::new))
                .build();
        try (BriskServer server = RestTestSupport.server().observability(o -> o.health(options)).start()) {
            HttpResponse<String> live = RestTestSupport.get(server, "/livez");
            assertThat(live.statusCode()).isEqualTo(503);
            assertThat(live.body()).contains(
                    "\"throws\":{\"status\":\"DOWN\",\"details\":{\"error\":\"java.lang.IllegalStateException: broken\"}}",
                    "\"hangs\":{\"status\":\"DOWN\",\"details\":{\"error\":\"timed out\"}}");
            assertThat(RestTestSupport.get(server, "/health/live").statusCode()).isEqualTo(404);
            assertThat(RestTestSupport.get(server, "/readyz").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void readinessIsDownOnceAGracefulShutdownBegins() throws Exception {
        BriskServer server = RestTestSupport.server().observability(o -> o.health(HealthOptions.DEFAULT)).start();
        ExecutorService closer = Executors.newSingleThreadExecutor();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            // the readiness request is in flight (its body not yet sent) when the shutdown begins
            out.write(("GET /health/ready HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String interim = readUntilBlankLine(in);    // the head was taken: the request is in flight
            assertThat(interim).startsWith("HTTP/1.1 100");
            Future<?> closing = closer.submit(() -> server.close());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!server.http().draining() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(server.http().draining()).isTrue();
            out.write("ok".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String response = readResponse(in);
            assertThat(response).startsWith("HTTP/1.1 503").containsIgnoringCase("connection: close")
                    .contains("\"draining\":{\"status\":\"DOWN\"");
            closing.get(20, TimeUnit.SECONDS);
        } finally {
            closer.shutdownNow();
            server.close();
        }
    }

    @Test
    void duringTheShutdownDelayNewProbesSeeDownAndRequestsAreStillServed() throws Exception {
        BriskServer server = RestTestSupport.server().observability(o -> o.health(HealthOptions.DEFAULT))
                .http(http -> http.options(o -> o.shutdownDelay(Duration.ofMillis(1500))))
                .get("/work", ctx -> ctx.send("done")).start();
        int port = server.port();
        ExecutorService closer = Executors.newSingleThreadExecutor();
        try {
            Future<?> closing = closer.submit(() -> server.close());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!server.http().draining() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(server.http().draining()).isTrue();
            // new connections are still accepted: a load balancer polling readiness sees DOWN, traffic still works
            HttpResponse<String> ready = RestTestSupport.get(server, "/health/ready");
            assertThat(ready.statusCode()).isEqualTo(503);
            assertThat(ready.body()).contains("\"draining\":{\"status\":\"DOWN\"");
            assertThat(RestTestSupport.get(server, "/work").body()).isEqualTo("done");
            closing.get(20, TimeUnit.SECONDS);
            assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
        } finally {
            closer.shutdownNow();
            server.close();
        }
    }

    private static String readUntilBlankLine(InputStream in) throws Exception {
        StringBuilder text = new StringBuilder();
        while (!text.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            text.append((char) b);
        }
        return text.toString();
    }

    private static String readResponse(InputStream in) throws Exception {
        StringBuilder text = new StringBuilder();
        byte[] buffer = new byte[4096];
        int n;
        while ((n = in.read(buffer)) > 0) {
            text.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
        }
        return text.toString();
    }

    @Test
    void optionsAreValidated() {
        Assertions.assertThatThrownBy(() -> HealthOptions.builder().readinessPath("ready").build())
                .hasMessage("readinessPath must start with '/': 'ready'");
        Assertions.assertThatThrownBy(() -> HealthOptions.builder()
                        .readinessPath("/health/live").build())
                .hasMessage("readinessPath must differ from livenessPath: /health/live");
        Assertions.assertThatThrownBy(() -> HealthOptions.builder().timeout(Duration.ZERO).build())
                .hasMessage("timeout must be positive: PT0S");
        Assertions.assertThatThrownBy(() -> HealthOptions.builder()
                        .readiness("draining", HealthResult::up).build())
                .hasMessage("readinessChecks must not name a check 'draining': it is built in");
        assertThat(HealthOptions.DEFAULT.toBuilder().build()).isEqualTo(HealthOptions.DEFAULT);
    }
}
