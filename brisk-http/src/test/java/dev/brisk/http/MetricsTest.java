package dev.brisk.http;

import dev.brisk.http.common.Protocol;
import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.Test;

import dev.brisk.transport.Transport;
import static org.assertj.core.api.Assertions.assertThat;

/** The live counters: connections by protocol and accepted, requests total and in flight. */
class MetricsTest {

    @Test
    void countsConnectionsAndRequests() throws Exception {
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(request -> {
            if (!request.path().equals("/hold")) {
                request.response().send("ok");
            }
        }).start()) {
            ServerMetrics metrics = server.metrics();
            try (RawConnection connection = new RawConnection(server.port())) {
                connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
                connection.read();
                assertThat(metrics.openConnections(Protocol.HTTP_1_1)).isEqualTo(1);
                assertThat(metrics.openConnections(Protocol.HTTP_2)).isZero();
                assertThat(metrics.requestsTotal()).isEqualTo(1);
                // a response ends when its last byte is written, which the client may see before the server does
                awaitNoRequestInFlight(metrics);
                assertThat(metrics.requestsInFlight()).isZero();
                connection.send("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n");
                for (int i = 0; i < 500 && metrics.requestsInFlight() == 0; i++) {
                    Thread.sleep(10);
                }
                assertThat(metrics.requestsInFlight()).isEqualTo(1);
                assertThat(metrics.requestsTotal()).isEqualTo(2);
            }
            for (int i = 0; i < 500 && metrics.openConnections() > 0; i++) {
                Thread.sleep(10);
            }
            assertThat(metrics.openConnections()).isZero();
            assertThat(metrics.openConnections(Protocol.HTTP_1_1)).isZero();
            awaitNoRequestInFlight(metrics);
            assertThat(metrics.requestsInFlight()).isZero();
            try (RawConnection second = new RawConnection(server.port())) {
                second.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
                second.read();
            }
            assertThat(metrics.connectionsAccepted()).isEqualTo(2);
        }
    }

    @Test
    void reportsTransportAndEventLoopQueues() {
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.ioThreads(3)
                .transport(Transport.NIO))
                .handler(request -> request.response().send("ok")).start()) {
            assertThat(server.transport()).isEqualTo(Transport.NIO);
            assertThat(server.eventLoopPendingTasks()).hasSize(3).allSatisfy(n -> assertThat(n).isNotNegative());
        }
    }

    private static void awaitNoRequestInFlight(ServerMetrics metrics) throws InterruptedException {
        for (int i = 0; i < 500 && metrics.requestsInFlight() > 0; i++) {
            Thread.sleep(10);
        }
    }
}
