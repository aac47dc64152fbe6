package dev.brisk.client;

import dev.brisk.http.HttpServer;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** What a {@link ClientMetrics} hears: one report per call, pools created and removed. */
class ClientMetricsTest extends ClientTestSupport {

    /** Keeps every report as a line of text. */
    private static final class Recording implements ClientMetrics {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<String> pools = new CopyOnWriteArrayList<>();

        @Override
        public void callCompleted(String host, HttpMethod method, int status, long durationNanos) {
            assertThat(durationNanos).isPositive();
            calls.add(method + " " + host + " " + status);
        }

        @Override
        public void callFailed(String host, HttpMethod method, Throwable failure, long durationNanos) {
            assertThat(durationNanos).isPositive();
            calls.add(method + " " + host + " " + failure.getClass().getSimpleName());
        }

        @Override
        public void poolCreated(PoolView pool) {
            pools.add("created " + pool.host());
        }

        @Override
        public void poolRemoved(PoolView pool) {
            pools.add("removed " + pool.host());
        }
    }

    private final Recording recording = new Recording();

    private HttpServer server() {
        return server(request -> {
            switch (request.path()) {
                case "/missing" -> request.response().status(404).send("no");
                case "/moved" -> request.response().status(303).header("Location", "/ok").send();
                default -> request.response().send("ok");
            }
        });
    }

    @Test
    void eachCallIsReportedOnceWhenItEnds() throws Exception {
        HttpServer server = server();
        BriskClient client = client(clientBuilder().metrics(recording));
        String host = "http://127.0.0.1:" + server.port();

        client.get(url(server, "/ok")).send();
        client.delete(url(server, "/missing")).send();
        client.post(url(server, "/moved")).body("x").send();   // 303, then GET /ok: one call

        assertThat(recording.calls).containsExactly("GET " + host + " 200", "DELETE " + host + " 404",
                "POST " + host + " 200");
    }

    @Test
    void aRetriedFailureIsReportedOnce() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        BriskClient client = client(clientBuilder().metrics(recording)
                .options(o -> o.retryPolicy(RetryPolicy.builder().maxRetries(2).build())));

        assertThat(failure(client.get("http://127.0.0.1:" + port + "/").execute()))
                .isInstanceOf(ClientConnectException.class);

        assertThat(recording.calls).containsExactly("GET http://127.0.0.1:" + port + " ClientConnectException");
    }

    @Test
    void poolsAreReportedWhenCreatedAndWhenDropped() throws Exception {
        HttpServer server = server();
        BriskClient client = client(clientBuilder().metrics(recording)
                .options(o -> o.poolExpiry(Duration.ofMillis(100))));
        String host = "http://127.0.0.1:" + server.port();

        client.get(url(server, "/ok")).send();
        client.get(url(server, "/ok")).send();
        assertThat(recording.pools).containsExactly("created " + host);

        await(() -> recording.pools.size() == 2, "the pool to expire");
        assertThat(recording.pools).containsExactly("created " + host, "removed " + host);
    }

    @Test
    void closingTheClientRemovesItsPools() {
        HttpServer server = server();
        BriskClient client = clientBuilder().metrics(recording).build();
        client.get(url(server, "/ok")).send();

        client.close();

        String host = "http://127.0.0.1:" + server.port();
        assertThat(recording.pools).containsExactly("created " + host, "removed " + host);
    }

    @Test
    void failingMetricsDoNotBreakCalls() {
        HttpServer server = server();
        ClientMetrics broken = new ClientMetrics() {
            @Override
            public void callCompleted(String host, HttpMethod method, int status, long durationNanos) {
                throw new IllegalStateException("broken");
            }

            @Override
            public void poolCreated(PoolView pool) {
                throw new IllegalStateException("broken");
            }
        };
        BriskClient client = client(clientBuilder().metrics(broken));

        assertThat(client.get(url(server, "/ok")).send().bodyAsString()).isEqualTo("ok");
        assertThat(client.poolStats()).hasSize(1);
    }
}
