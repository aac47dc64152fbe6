package dev.brisk.http;

import dev.brisk.http.testing.RawConnection;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Files: zero-copy on cleartext HTTP/1.1, in pieces under TLS and HTTP/2; ranges; missing files. */
class SendFileTest {

    @TempDir
    static Path dir;

    private static byte[] content(int size) {
        byte[] bytes = new byte[size];
        new Random(42).nextBytes(bytes);
        return bytes;
    }

    private static HttpHandler fileHandler(Path file) {
        return request -> {
            long offset = Long.parseLong(request.query("offset").orElse("0"));
            String length = request.query("length").orElse("");
            request.response().header("content-type", "application/octet-stream");
            if (length.isEmpty()) {
                request.response().sendFile(file);
            } else {
                request.response().sendFile(file, offset, Long.parseLong(length));
            }
        };
    }

    @Test
    void cleartextFileAndRange() throws Exception {
        byte[] bytes = content(3 * 1024 * 1024 + 5);
        Path file = Files.write(dir.resolve("big.bin"), bytes);
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(fileHandler(file)).start();
             RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().body()).isEqualTo(bytes);
            connection.send("GET /?offset=100&length=1000 HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().body()).isEqualTo(Arrays.copyOfRange(bytes, 100, 1100));
            connection.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
            RawConnection.Response head = connection.read(true);
            assertThat(head.header("content-length")).isEqualTo(String.valueOf(bytes.length));
            connection.send("GET /?length=1 HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().body()).hasSize(1);
        }
    }

    @Test
    void tlsAndHttp2SendTheFileInPieces() throws Exception {
        byte[] bytes = content(2 * 1024 * 1024 + 3);
        Path file = Files.write(dir.resolve("tls.bin"), bytes);
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1")
                .tls(TlsOptions.of(certificate.privateKey(), certificate.certificate()))
                .handler(fileHandler(file)).start()) {
            for (HttpClient.Version version : HttpClient.Version.values()) {
                HttpClient client = HttpClient.newBuilder().version(version)
                        .sslContext(certificate.clientSslContext()).build();
                HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(
                        URI.create("https://localhost:" + server.port() + "/")).build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertThat(response.version()).isEqualTo(version);
                assertThat(response.body()).isEqualTo(bytes);
            }
        }
    }

    @Test
    void rangeOutsideTheFileFailsTheFutureAndLeavesTheResponseToTheHandler() throws Exception {
        Path file = Files.write(dir.resolve("small.bin"), content(10));
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(request ->
                request.response().sendFile(file, 5, 100).whenComplete((v, e) ->
                        request.response().status(416).send(e.getMessage()))).start();
             RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            RawConnection.Response response = connection.read();
            assertThat(response.status()).isEqualTo(416);
            assertThat(response.bodyText()).contains("outside");
        }
    }
}
