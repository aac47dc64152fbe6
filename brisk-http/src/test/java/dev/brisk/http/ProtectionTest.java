package dev.brisk.http;

import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import static org.assertj.core.api.Assertions.assertThat;

/** What bounds a client: the header-read deadline, the idle timeout, the connection limit and rate. */
class ProtectionTest {

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.closeNow();
        }
    }

    @Test
    void slowRequestHeadGets408AndIsClosed() throws Exception {
        server = HttpServer.builder().port(0).host("127.0.0.1")
                .options(o -> o.headerReadTimeout(Duration.ofMillis(300)))
                .handler(request -> request.response().send("ok")).start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n");
            RawConnection.Response response = connection.read();
            assertThat(response.status()).isEqualTo(408);
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    @Test
    void completeRequestsAreNotAffectedByTheHeaderDeadline() throws Exception {
        server = HttpServer.builder().port(0).host("127.0.0.1")
                .options(o -> o.headerReadTimeout(Duration.ofMillis(300)))
                .handler(request -> request.response().send("ok")).start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHo");
            connection.send("st: x\r\n\r\n");
            assertThat(connection.read().status()).isEqualTo(200);
            Thread.sleep(600);
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().status()).isEqualTo(200);
        }
    }

    @Test
    void requestsWaitingBehindAFullPipelineAreNotTimedOut() throws Exception {
        ScheduledExecutorService later = Executors
                .newSingleThreadScheduledExecutor();
        try {
            server = HttpServer.builder().port(0).host("127.0.0.1")
                    .options(o -> o.headerReadTimeout(Duration.ofMillis(100))
                    .limits(HttpLimits.builder().maxPipelinedRequests(1).build()))
                    .handler(request -> later.schedule(() -> request.response().send(request.path()), 300,
                            TimeUnit.MILLISECONDS))
                    .start();
            try (RawConnection connection = new RawConnection(server.port())) {
                connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n");
                assertThat(connection.read().bodyText()).isEqualTo("/a");
                assertThat(connection.read().bodyText()).isEqualTo("/b");
            }
        } finally {
            later.shutdownNow();
        }
    }

    @Test
    void idleConnectionIsClosed() throws Exception {
        server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.idleTimeout(Duration.ofMillis(200)))
                .handler(request -> request.response().send("ok")).start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().status()).isEqualTo(200);
            assertThat(connection.timeout(5000).isClosedByServer()).isTrue();
        }
        // the peer may see the close before the server's event loop has counted it
        for (int i = 0; i < 500 && server.metrics().openConnections() > 0; i++) {
            Thread.sleep(10);
        }
        assertThat(server.metrics().openConnections()).isZero();
    }

    @Test
    void connectionsBeyondTheLimitAreClosed() throws Exception {
        server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.maxConnections(2))
                .handler(request -> request.response().send("ok")).start();
        try (RawConnection first = new RawConnection(server.port());
             RawConnection second = new RawConnection(server.port())) {
            first.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            second.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(first.read().status()).isEqualTo(200);
            assertThat(second.read().status()).isEqualTo(200);
            try (RawConnection third = new RawConnection(server.port())) {
                assertThat(third.isClosedByServer()).isTrue();
            }
            assertThat(server.metrics().openConnections()).isEqualTo(2);
        }
    }

    @Test
    void connectionsBeyondTheRateAreClosedAtAccept() throws Exception {
        server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.maxConnectionRate(1))
                .handler(request -> request.response().send("ok")).start();
        try (RawConnection first = new RawConnection(server.port())) {
            first.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(first.read().status()).isEqualTo(200);
            // one token a second: of the connections opened right after, at most one more can find a token
            int refused = 0;
            for (int i = 0; i < 3; i++) {
                try (RawConnection next = new RawConnection(server.port())) {
                    if (next.timeout(2000).isClosedByServer()) {
                        refused++;
                    }
                }
            }
            assertThat(refused).isGreaterThanOrEqualTo(1);
            first.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(first.read().status()).as("an accepted connection is not affected").isEqualTo(200);
        }
    }
}
