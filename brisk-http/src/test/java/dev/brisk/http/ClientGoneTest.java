package dev.brisk.http;

import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.Test;

import java.nio.channels.ClosedChannelException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A response completed after its client went away is dropped quietly; streaming producers learn of it. */
class ClientGoneTest {

    @Test
    void lateResponsesAreDroppedAndWritesFail() throws Exception {
        CompletableFuture<ServerRequest> arrived = new CompletableFuture<>();
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(arrived::complete).start()) {
            try (RawConnection connection = new RawConnection(server.port())) {
                connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
                arrived.get(5, TimeUnit.SECONDS);
            }
            for (int i = 0; i < 500 && server.metrics().openConnections() > 0; i++) {
                Thread.sleep(10);
            }
            ServerRequest request = arrived.get();
            assertThat(request.response().isEnded()).isTrue();
            CountDownLatch failed = new CountDownLatch(1);
            request.response().write("too late".getBytes()).whenComplete((v, e) -> {
                if (e instanceof ClosedChannelException) {
                    failed.countDown();
                }
            });
            assertThat(failed.await(5, TimeUnit.SECONDS)).isTrue();
            request.response().send("also too late");
            assertThat(server.metrics().requestsInFlight()).isZero();
        }
    }
}
