package dev.brisk.client;

import dev.brisk.http.HttpServer;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Brisk's client against Brisk's server with HTTP/3 on: the server's own {@code Alt-Svc} moves a discovering client
 * from HTTP/2 to HTTP/3 on the UDP port of the same number, and bodies travel both ways over QUIC.
 */
class BriskHttp3Test extends ClientTestSupport {

    @BeforeAll
    static void quicAvailable() {
        assumeTrue(QuicAvailability.isAvailable(), () -> "HTTP/3 not available: "
                + QuicAvailability.unavailabilityReason());
    }

    private HttpServer http3Server(SelfSignedCertificate certificate) {
        return server(HttpServer.builder()
                        .tls(TlsOptions.of(certificate.privateKey(), certificate.certificate()))
                        .options(o -> o.http3(h -> h.enabled(true))),
                request -> request.response()
                        .header("x-protocol", request.protocol().text())
                        .send(request.body().retain()));
    }

    private BriskClient client(SelfSignedCertificate certificate, ProtocolPolicy policy) {
        // a generous delay: a first QUIC handshake on a busy machine may well take longer than the default 300 ms
        return client(clientBuilder().options(o -> o.protocol(policy).http3FallbackDelay(Duration.ofSeconds(3)))
                .tls(TlsOptions.builder().trustCertificates(certificate.certificate()).build()));
    }

    private static String https(HttpServer server, String path) {
        return "https://127.0.0.1:" + server.port() + path;
    }

    @Test
    void theServersOwnAltSvcMovesTheClientToHttp3() throws Exception {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        HttpServer server = http3Server(certificate);
        assertThat(server.http3Port()).isEqualTo(server.port());
        BriskClient client = client(certificate, ProtocolPolicy.H3_ALT_SVC);

        HttpResponse first = client.get(https(server, "/")).send();
        assertThat(first.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(first.header("alt-svc")).get().asString().contains("h3=\":" + server.port() + "\"");

        HttpResponse second = client.post(https(server, "/echo")).contentType("text/plain")
                .body("over QUIC".getBytes(StandardCharsets.UTF_8)).send();
        assertThat(second.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(second.header("x-protocol")).hasValue("HTTP/3.0");
        assertThat(second.bodyAsString()).isEqualTo("over QUIC");
    }

    @Test
    void bodiesBothWaysWhenHttp3IsChosen() throws Exception {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        HttpServer server = http3Server(certificate);
        BriskClient client = client(certificate, ProtocolPolicy.H3);
        byte[] payload = new byte[64 * 1024];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31);
        }
        for (int call = 0; call < 3; call++) {
            HttpResponse echoed = client.post(https(server, "/echo")).body(payload).send();
            assertThat(echoed.status()).isEqualTo(200);
            assertThat(echoed.protocol()).isEqualTo(Protocol.HTTP_3);
            assertThat(echoed.bodyAsBytes()).isEqualTo(payload);
        }
    }
}
