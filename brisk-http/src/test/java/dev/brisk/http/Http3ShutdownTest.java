package dev.brisk.http;

import dev.brisk.http.testing.Http3TestClient;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Graceful shutdown of HTTP/3: GOAWAY, the request in progress completes, then the connection and socket close. */
class Http3ShutdownTest {

    @Test
    void requestInProgressCompletesAfterGoaway() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        CountDownLatch started = new CountDownLatch(1);
        HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").tls(TlsOptions.selfSigned())
                .options(o -> o.http3(h -> h.enabled(true)).shutdownTimeout(Duration.ofSeconds(10)))
                .handler(request -> {
                    started.countDown();
                    CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS)
                            .execute(() -> request.response().send("done"));
                })
                .start();
        Http3TestClient client = Http3TestClient.connect(server.http3Port());
        try {
            Http3ClientConnectionHandler h3 = client.connection().pipeline().get(Http3ClientConnectionHandler.class);
            CompletableFuture<Http3TestClient.Response> slow = client.send("GET", "/slow", Map.of(), List.of());
            assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
            long begin = System.nanoTime();
            Thread closer = new Thread(server::close);
            closer.start();

            Http3TestClient.Response response = slow.get(5, TimeUnit.SECONDS);
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.bodyText()).isEqualTo("done");
            closer.join(5_000);
            assertThat(closer.isAlive()).isFalse();
            assertThat(Duration.ofNanos(System.nanoTime() - begin)).isLessThan(Duration.ofSeconds(3));
            assertThat(h3.isGoAwayReceived()).isTrue();
            client.connection().closeFuture().await(2, TimeUnit.SECONDS);
            assertThat(client.connection().isActive()).isFalse();
            assertThat(server.metrics().openConnections()).isZero();
        } finally {
            client.close();
            server.close();
        }
    }
}
