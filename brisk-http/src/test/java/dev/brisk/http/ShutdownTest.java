package dev.brisk.http;

import dev.brisk.http.testing.RawConnection;
import dev.brisk.http.testing.Tools;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Graceful shutdown: in-flight requests finish, HTTP/1.1 answers with connection: close, new connections fail. */
class ShutdownTest {

    @Test
    void inFlightHttp11RequestFinishesWithConnectionClose() throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        CountDownLatch arrived = new CountDownLatch(1);
        HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(request -> {
            arrived.countDown();
            scheduler.schedule(() -> request.response().send("late but complete"), 300, TimeUnit.MILLISECONDS);
        }).start();
        int port = server.port();
        try (RawConnection connection = new RawConnection(port);
             RawConnection idle = new RawConnection(port)) {
            connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(arrived.await(5, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
            RawConnection.Response response = connection.read();
            assertThat(response.bodyText()).isEqualTo("late but complete");
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(connection.isClosedByServer()).isTrue();
            assertThat(idle.isClosedByServer()).isTrue();
            closing.get(10, TimeUnit.SECONDS);
        } finally {
            scheduler.shutdownNow();
        }
        assertThatThrownBy(() -> new RawConnection(port)).isInstanceOf(ConnectException.class);
    }

    /** curl rather than the JDK 17 client, which fails every stream on GOAWAY (fixed only in later JDKs). */
    @Test
    void inFlightHttp2StreamFinishesBeforeTheConnectionCloses() throws Exception {
        String curl = Tools.require("curl");
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        CountDownLatch arrived = new CountDownLatch(1);
        HttpServer server = HttpServer.builder().port(0).host("127.0.0.1")
                .handler(request -> {
                    arrived.countDown();
                    scheduler.schedule(() -> request.response().send("h2 done"), 300, TimeUnit.MILLISECONDS);
                }).start();
        try {
            CompletableFuture<Tools.Result> result = CompletableFuture.supplyAsync(() -> {
                try {
                    return Tools.run(30, curl, "-sS", "-i", "--http2-prior-knowledge",
                            "http://127.0.0.1:" + server.port() + "/slow");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();
            server.close();
            Tools.Result done = result.get(30, TimeUnit.SECONDS);
            assertThat(done.output()).startsWith("HTTP/2 200").endsWith("h2 done");
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void deadlineCutsOffRequestsThatDoNotFinish() throws Exception {
        HttpServer server = HttpServer.builder().port(0).host("127.0.0.1")
                .options(o -> o.shutdownTimeout(Duration.ofMillis(200)))
                .handler(request -> { }).start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /never HTTP/1.1\r\nHost: x\r\n\r\n");
            waitForInFlight(server);
            server.close();
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    @Test
    void closeNowDropsEverything() throws Exception {
        HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(request -> { }).start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /never HTTP/1.1\r\nHost: x\r\n\r\n");
            waitForInFlight(server);
            server.closeNow();
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    private static void waitForInFlight(HttpServer server) throws InterruptedException {
        for (int i = 0; i < 500 && server.metrics().requestsInFlight() == 0; i++) {
            Thread.sleep(10);
        }
        assertThat(server.metrics().requestsInFlight()).isEqualTo(1);
    }

}
