package dev.brisk.client;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsConfigurationException;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import java.nio.file.Files;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** https:// against brisk-http's TLS server: trust, host name verification, insecure mode, protocols. */
class TlsTest extends ClientTestSupport {

    private static final SelfSignedCertificate LOCALHOST = SelfSignedCertificate.create("localhost");
    private static final HttpHandler ECHO = request -> request.response()
            .header("x-protocol", request.protocol().name())
            .send(request.method() + " " + request.path() + " " + request.bodyAsString());

    private HttpServer tlsServer(SelfSignedCertificate certificate) {
        return server(HttpServer.builder().tls(TlsOptions.of(certificate.privateKey(), certificate.certificate())),
                ECHO);
    }

    private BriskClient trusting(SelfSignedCertificate certificate, ProtocolPolicy protocol) {
        return client(clientBuilder().options(o -> o.protocol(protocol))
                .tls(TlsOptions.builder().trustCertificates(certificate.certificate()).build()));
    }

    @Test
    void unusableTlsSettingsFailTheBuildNamingTheProblem() {
        BriskClient.Builder unknownCipher = BriskClient.builder().loadInterceptors(false)
                .tls(TlsOptions.builder().ciphers("TLS_NO_SUCH_CIPHER").build());
        BriskClient.Builder onlyHttp11 = BriskClient.builder().loadInterceptors(false)
                .options(o -> o.protocol(ProtocolPolicy.HTTP_1_1))
                .tls(TlsOptions.builder().ciphers("TLS_NO_SUCH_CIPHER").build());

        assertThatThrownBy(unknownCipher::build).isInstanceOf(TlsConfigurationException.class)
                .hasMessageContaining("TLS_NO_SUCH_CIPHER");
        assertThatThrownBy(onlyHttp11::build).isInstanceOf(TlsConfigurationException.class)
                .hasMessageContaining("TLS_NO_SUCH_CIPHER");
    }

    @Test
    void trustedCertificateSucceedsOverHttp11AndH2() {
        HttpServer server = tlsServer(LOCALHOST);
        for (ProtocolPolicy protocol : new ProtocolPolicy[] {ProtocolPolicy.HTTP_1_1, ProtocolPolicy.AUTO}) {
            HttpResponse response = trusting(LOCALHOST, protocol).post("https://localhost:" + server.port() + "/a")
                    .body("hello").send();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.bodyAsString()).isEqualTo("POST /a hello");
            assertThat(response.header("x-protocol")).contains(protocol == ProtocolPolicy.AUTO ? "HTTP_2" : "HTTP_1_1");
        }
    }

    @Test
    void trustStoreFileIsHonoured(@TempDir Path dir) throws Exception {
        HttpServer server = tlsServer(LOCALHOST);
        Path store = dir.resolve("trust.p12");
        try (var out = Files.newOutputStream(store)) {
            LOCALHOST.trustStore().store(out, "pw".toCharArray());
        }
        BriskClient client = client(clientBuilder().tls(TlsOptions.builder().trustStore(store, "pw".toCharArray())
                .build()));
        assertThat(client.get("https://localhost:" + server.port() + "/s").send().bodyAsString())
                .isEqualTo("GET /s ");
    }

    @Test
    void untrustedCertificateFailsWithTypedErrorNamingTheHost() {
        HttpServer server = tlsServer(LOCALHOST);
        Throwable failure = failure(client().get("https://localhost:" + server.port() + "/").execute());

        assertThat(failure).isInstanceOf(TlsHandshakeException.class)
                .hasMessageContaining("localhost:" + server.port());
        assertThat(((HttpClientException) failure).requestSent()).isFalse();
    }

    @Test
    void certificateForAnotherHostFailsHostnameVerification() {
        SelfSignedCertificate other = SelfSignedCertificate.create("other.example");
        HttpServer server = tlsServer(other);
        Throwable failure = failure(trusting(other, ProtocolPolicy.AUTO)
                .get("https://localhost:" + server.port() + "/").execute());

        assertThat(failure).isInstanceOf(TlsHandshakeException.class).hasMessageContaining("localhost");
    }

    @Test
    void insecureModeAcceptsAnything() {
        SelfSignedCertificate other = SelfSignedCertificate.create("other.example");
        HttpServer server = tlsServer(other);
        BriskClient client = client(clientBuilder().tls(TlsOptions.insecure()));

        assertThat(client.get("https://localhost:" + server.port() + "/x").send().bodyAsString())
                .isEqualTo("GET /x ");
    }

    @Test
    void protocolRestrictionApplies() {
        HttpServer server = tlsServer(LOCALHOST);
        BriskClient client = client(clientBuilder().tls(TlsOptions.builder()
                .trustCertificates(LOCALHOST.certificate()).protocols("TLSv1.3").build()));

        assertThat(client.get("https://localhost:" + server.port() + "/p").send().status()).isEqualTo(200);
    }

    @Test
    void fileBodiesGoThroughTlsInPieces(@TempDir Path dir) throws Exception {
        HttpServer server = tlsServer(LOCALHOST);
        Path file = dir.resolve("body.bin");
        Files.writeString(file, "x".repeat(100_000));
        for (ProtocolPolicy protocol : new ProtocolPolicy[] {ProtocolPolicy.HTTP_1_1, ProtocolPolicy.H2}) {
            HttpResponse response = trusting(LOCALHOST, protocol).put("https://localhost:" + server.port() + "/f")
                    .body(file).send();
            assertThat(response.bodyAsString()).isEqualTo("PUT /f " + "x".repeat(100_000));
        }
    }
}
