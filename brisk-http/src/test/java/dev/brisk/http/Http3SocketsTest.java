package dev.brisk.http;

import dev.brisk.http.testing.Http3TestClient;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import dev.brisk.transport.Transport;
import dev.brisk.transport.Transports;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * HTTP/3 on every event loop: with epoll or io_uring, one UDP socket per loop shares the port, new connections are
 * spread over the loops by the kernel, and every request of a connection is served by the loop that accepted it.
 */
class Http3SocketsTest {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static final int CONNECTIONS = 16;

    /** Answers with the name of the thread that serves the request. */
    private static final HttpHandler THREAD_NAME = request -> request.response()
            .send(Thread.currentThread().getName().getBytes());

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "IO_URING"})
    void connectionsAreSpreadOverTheLoopsAndEachStaysOnItsOwn(Transport transport) throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        assumeTrue(Transports.isAvailable(transport), transport + " is not available here");
        try (HttpServer server = start(transport, 2)) {
            Set<String> loops = new HashSet<>();
            for (int i = 0; i < CONNECTIONS; i++) {
                try (Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
                    List<String> servedBy = new ArrayList<>();
                    for (int request = 0; request < 3; request++) {
                        Http3TestClient.Response response = client.get("/");
                        assertThat(response.status()).isEqualTo(200);
                        servedBy.add(response.bodyText());
                    }
                    assertThat(servedBy).as("the requests of one connection").containsOnly(servedBy.get(0));
                    loops.add(servedBy.get(0));
                }
            }
            // each connection's client port is new, so the kernel's choice of socket is a coin toss per connection:
            // all 16 on one socket would happen once in 32,768 runs
            assertThat(loops).as("loops that served the %d connections", CONNECTIONS).hasSize(2);
        }
    }

    @Test
    void aSecondServerOnTheSameUdpPortIsRefusedRatherThanSharingIt() {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        assumeTrue(Transports.isAvailable(Transport.EPOLL), "epoll is not available here");
        try (HttpServer first = start(Transport.EPOLL, 2)) {
            int udpPort = first.http3Port();
            assertThatThrownBy(() -> HttpServer.builder().port(0).host("127.0.0.1")
                    .tls(TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate()))
                    .options(o -> o.ioThreads(2).transport(Transport.EPOLL)
                            .http3(h -> h.enabled(true).port(udpPort)))
                    .handler(THREAD_NAME)
                    .start())
                    .hasMessageContaining("cannot listen for HTTP/3 on UDP 127.0.0.1:" + udpPort);
        }
    }

    @Test
    void oneLoopOrNio() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        try (HttpServer nio = start(Transport.NIO, 2);
             Http3TestClient client = Http3TestClient.connect(nio.http3Port())) {
            assertThat(client.get("/").status()).as("NIO: one socket, on one of the loops").isEqualTo(200);
        }
    }

    private static HttpServer start(Transport transport, int ioThreads) {
        return HttpServer.builder().port(0).host("127.0.0.1")
                .tls(TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate()))
                .options(o -> o.ioThreads(ioThreads).transport(transport).http3(h -> h.enabled(true)))
                .handler(THREAD_NAME)
                .start();
    }
}
