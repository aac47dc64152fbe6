package dev.brisk.client;

import dev.brisk.transport.QuicAvailability;
import dev.brisk.http.HttpServer;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link ProtocolPolicy#H3_ALT_SVC}: an HTTPS server (Brisk's, HTTP/2 and HTTP/1.1 over TCP) advertises an HTTP/3
 * alternative with {@code Alt-Svc}; the client moves to it, or falls back to TCP when nothing answers over QUIC.
 */
class AltSvcDiscoveryTest extends ClientTestSupport {

    @BeforeAll
    static void quicAvailable() {
        assumeTrue(QuicAvailability.isAvailable(), () -> "HTTP/3 not available: "
                + QuicAvailability.unavailabilityReason());
    }

    private HttpServer tcpServer(SelfSignedCertificate certificate, String altSvc) {
        return server(HttpServer.builder().tls(TlsOptions.of(certificate.privateKey(), certificate.certificate())),
                request -> request.response().header("alt-svc", altSvc).send("over tcp"));
    }

    private BriskClient discovering(SelfSignedCertificate certificate, ProtocolPolicy policy) {
        // a generous delay: a first QUIC handshake on a busy machine may well take longer than the default 300 ms
        return client(clientBuilder().options(o -> o.protocol(policy).http3FallbackDelay(Duration.ofSeconds(3)))
                .tls(TlsOptions.builder().trustCertificates(certificate.certificate()).build()));
    }

    private static String https(HttpServer server, String path) {
        return "https://127.0.0.1:" + server.port() + path;
    }

    @Test
    void movesToTheAdvertisedHttp3Alternative() {
        Http3TestServer h3 = closeLater(Http3TestServer.start());
        HttpServer tcp = tcpServer(h3.certificate(), "h3=\":" + h3.port() + "\"; ma=60, h2=\":443\"");
        BriskClient client = discovering(h3.certificate(), ProtocolPolicy.H3_ALT_SVC);

        HttpResponse first = client.get(https(tcp, "/hello")).send();
        assertThat(first.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(first.bodyAsString()).isEqualTo("over tcp");

        HttpResponse second = client.get(https(tcp, "/hello")).send();
        assertThat(second.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(second.bodyAsString()).isEqualTo("hello over h3");
        HttpResponse third = client.get(https(tcp, "/hello")).send();
        assertThat(third.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(h3.connections()).isEqualTo(1);
    }

    @Test
    void fallsBackToTcpWhenNothingAnswersOverUdp() throws Exception {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
            HttpServer tcp = tcpServer(certificate, "h3=\":" + silent.getLocalPort() + "\"");
            BriskClient client = client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H3_ALT_SVC)
                    .http3FallbackDelay(Duration.ofMillis(200)))
                    .tls(TlsOptions.builder().trustCertificates(certificate.certificate()).build()));

            assertThat(client.get(https(tcp, "/")).send().protocol()).isEqualTo(Protocol.HTTP_2);
            // QUIC gets no answer within the fallback delay: the call goes over TCP, and the alternative is broken
            HttpResponse fallback = client.get(https(tcp, "/")).send();
            assertThat(fallback.protocol()).isEqualTo(Protocol.HTTP_2);
            assertThat(fallback.bodyAsString()).isEqualTo("over tcp");
            assertThat(client.get(https(tcp, "/")).send().protocol()).isEqualTo(Protocol.HTTP_2);
        }
    }

    @Test
    void autoIgnoresAltSvc() {
        Http3TestServer h3 = closeLater(Http3TestServer.start());
        HttpServer tcp = tcpServer(h3.certificate(), "h3=\":" + h3.port() + "\"");
        BriskClient client = discovering(h3.certificate(), ProtocolPolicy.AUTO);
        client.get(https(tcp, "/")).send();
        assertThat(client.get(https(tcp, "/")).send().protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(h3.connections()).isZero();
    }
}
