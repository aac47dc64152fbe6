package dev.brisk.http;

import dev.brisk.http.common.Protocol;
import dev.brisk.http.testing.Http3TestClient;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** HTTP/3 requests through real UDP sockets, with Netty's own HTTP/3 client. */
class Http3Test {

    private static HttpServer server;
    private static Http3TestClient client;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        server = HttpServer.builder().port(0).host("127.0.0.1").tls(TlsOptions.selfSigned())
                .options(o -> o.http3(h -> h.enabled(true)))
                .handler(request -> request.response()
                        .header("x-protocol", request.protocol().text())
                        .header("x-length", String.valueOf(request.body().readableBytes()))
                        .send(request.body().retain()))
                .start();
        client = Http3TestClient.connect(server.http3Port());
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void get() throws Exception {
        Http3TestClient.Response response = client.get("/hello");
        assertThat(response.error()).isNull();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("x-protocol")).isEqualTo("HTTP/3.0");
        assertThat(response.header("x-length")).isEqualTo("0");
        assertThat(server.http3Port()).isEqualTo(server.port());
        assertThat(server.metrics().openConnections(Protocol.HTTP_3)).isEqualTo(1);
    }

    @Test
    void postAggregated() throws Exception {
        Http3TestClient.Response response = client.send("POST", "/echo", Map.of(),
                List.of("hel".getBytes(), "lo".getBytes())).get();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyText()).isEqualTo("hello");
    }
}
