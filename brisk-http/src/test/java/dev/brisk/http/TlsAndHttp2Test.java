package dev.brisk.http;

import dev.brisk.http.common.Protocol;
import dev.brisk.http.testing.RawConnection;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import org.assertj.core.api.Assertions;
import static org.assertj.core.api.Assertions.assertThat;

/** TLS with ALPN (h2 and http/1.1) and h2c upgrade, driven by the JDK HttpClient. */
class TlsAndHttp2Test {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static final HttpHandler ECHO = request -> request.response()
            .header("x-protocol", request.protocol().name())
            .header("x-scheme", request.scheme())
            .header("x-tls", String.valueOf(request.tlsSession().isPresent()))
            .send(request.method() + " " + request.path() + " " + request.bodyAsString());

    private static HttpServer tls;
    private static HttpServer cleartext;

    @BeforeAll
    static void start() {
        tls = HttpServer.builder().port(0).host("127.0.0.1")
                .tls(TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate()))
                .handler(ECHO).start();
        cleartext = HttpServer.builder().port(0).host("127.0.0.1").handler(ECHO).start();
    }

    @AfterAll
    static void stop() {
        tls.close();
        cleartext.close();
    }

    private static HttpClient client(HttpClient.Version version) {
        return HttpClient.newBuilder().version(version).sslContext(CERTIFICATE.clientSslContext())
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @Test
    void h2OverTlsViaAlpn() throws Exception {
        HttpResponse<String> response = client(HttpClient.Version.HTTP_2).send(
                HttpRequest.newBuilder(URI.create("https://localhost:" + tls.port() + "/a?b=c"))
                        .POST(HttpRequest.BodyPublishers.ofString("payload")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(response.body()).isEqualTo("POST /a payload");
        assertThat(response.headers().firstValue("x-protocol")).hasValue("HTTP_2");
        assertThat(response.headers().firstValue("x-scheme")).hasValue("https");
        assertThat(response.headers().firstValue("x-tls")).hasValue("true");
    }

    @Test
    void http11OverTlsViaAlpn() throws Exception {
        HttpResponse<String> response = client(HttpClient.Version.HTTP_1_1).send(
                HttpRequest.newBuilder(URI.create("https://localhost:" + tls.port() + "/one")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        assertThat(response.body()).isEqualTo("GET /one ");
        assertThat(response.headers().firstValue("x-protocol")).hasValue("HTTP_1_1");
    }

    @Test
    void h2cUpgradeFromHttp11() throws Exception {
        HttpClient client = client(HttpClient.Version.HTTP_2);
        URI uri = URI.create("http://127.0.0.1:" + cleartext.port() + "/up");
        HttpResponse<String> first = client.send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(first.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(first.body()).isEqualTo("GET /up ");
        HttpResponse<String> second = client.send(HttpRequest.newBuilder(uri)
                .POST(HttpRequest.BodyPublishers.ofString("again")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(second.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(second.body()).isEqualTo("POST /up again");
        assertThat(cleartext.metrics().openConnections(Protocol.HTTP_2)).isGreaterThanOrEqualTo(1);
    }

    @Test
    void tlsPortNeverAnswersPlaintext() throws Exception {
        try (RawConnection connection = new RawConnection(tls.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    @Test
    void pemAndPkcs12IdentitiesServeTls(@TempDir Path dir) throws Exception {
        SelfSignedCertificate.PemFiles pem = CERTIFICATE.writePem(dir);
        Path p12 = CERTIFICATE.writePkcs12(dir.resolve("server.p12"), "secret".toCharArray());
        for (TlsOptions options : new TlsOptions[] {
                TlsOptions.pem(pem.certificate(), pem.privateKey()),
                TlsOptions.pkcs12(p12, "secret".toCharArray()),
                TlsOptions.pem(pem.certificate(), pem.privateKey()).toBuilder().provider(TlsOptions.Provider.JDK).build()}) {
            try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").tls(options)
                    .handler(ECHO).start()) {
                HttpResponse<String> response = client(HttpClient.Version.HTTP_2).send(
                        HttpRequest.newBuilder(URI.create("https://localhost:" + server.port() + "/id")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.body()).as(options.toString()).isEqualTo("GET /id ");
            }
        }
    }

    @Test
    void missingKeyFileIsAClearError() {
        Assertions.assertThatThrownBy(() -> TlsOptions.pem(Path.of("/nope/cert.pem"),
                        Path.of("/nope/key.pem")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/nope/cert.pem");
    }

}
