package dev.brisk.http;

import dev.brisk.http.testing.Http3TestClient;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.quic.QuicStreamChannel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The server's deadlines and limits on HTTP/3: a body that stops arriving gets 408, an idle connection is closed, the
 * stream limit is QUIC's.
 */
class Http3DeadlinesTest {

    private static HttpServer server;

    @BeforeAll
    static void start() {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        server = HttpServer.builder().port(0).host("127.0.0.1").tls(TlsOptions.selfSigned())
                .options(o -> o.http3(h -> h.enabled(true).maxConcurrentStreams(7)).bodyReadTimeout(Duration.ofMillis(300))
                        .idleTimeout(Duration.ofMillis(600)))
                .handler(request -> request.response().send("got " + request.body().readableBytes()))
                .start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void bodyThatStopsArrivingGets408() throws Exception {
        try (Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
            CompletableFuture<Http3TestClient.Response> result = new CompletableFuture<>();
            QuicStreamChannel stream = client.open("POST", "/slow", Map.of("content-length", "10"), result);
            Http3TestClient.Response response = result.get(5, TimeUnit.SECONDS);
            assertThat(response.status()).isEqualTo(408);
            assertThat(response.bodyText()).isEqualTo("request body not received in time");
            assertThat(stream).isNotNull();
        }
    }

    @Test
    void maxConcurrentStreamsIsQuicsStreamLimit() throws Exception {
        try (Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
            assertThat(client.connection().peerTransportParameters().initialMaxStreamsBidi()).isEqualTo(7);
        }
    }

    @Test
    void idleConnectionIsClosed() throws Exception {
        try (Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
            assertThat(client.get("/").bodyText()).isEqualTo("got 0");
            long begin = System.nanoTime();
            assertThat(client.connection().closeFuture().await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - begin)).isGreaterThan(Duration.ofMillis(300));
        }
    }
}
