package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Compressed, large, chunked and trailed bodies in both directions. */
class BodiesTest extends ClientTestSupport {

    private static final String TEXT = "brisk ".repeat(2000);

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        }
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(out)) {
            deflate.write(data);
        }
        return out.toByteArray();
    }

    private static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    private HttpServer compressingServer() throws IOException {
        byte[] gzipped = gzip(TEXT.getBytes(StandardCharsets.UTF_8));
        byte[] deflated = deflate(TEXT.getBytes(StandardCharsets.UTF_8));
        return server(request -> {
            if (request.path().equals("/plain")) {
                request.response().header("Content-Type", "text/plain; charset=utf-8").send(TEXT);
                return;
            }
            boolean deflate = request.path().equals("/deflate");
            request.response().header("Content-Type", "text/plain; charset=utf-8")
                    .header("Content-Encoding", deflate ? "deflate" : "gzip")
                    .header("X-Accept-Encoding", request.headers().get("accept-encoding", "-"))
                    .send(deflate ? deflated : gzipped);
        });
    }

    @Test
    void gzipAndDeflateResponsesAreDecompressed() throws Exception {
        HttpServer server = compressingServer();
        BriskClient client = client();

        HttpResponse gzip = client.get(url(server, "/gzip")).send();
        assertThat(gzip.bodyAsString()).isEqualTo(TEXT);
        assertThat(gzip.header("x-accept-encoding")).contains("gzip, deflate");
        assertThat(gzip.header("content-encoding")).isEmpty();
        assertThat(client.get(url(server, "/deflate")).send().bodyAsString()).isEqualTo(TEXT);
    }

    @Test
    void compressedAndPlainResponsesTakeTurnsOnOneConnection() throws Exception {
        HttpServer server = compressingServer();
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)));
        for (String path : new String[] {"/gzip", "/plain", "/deflate", "/plain", "/gzip", "/gzip", "/plain"}) {
            HttpResponse response = client.get(url(server, path)).send();
            assertThat(response.bodyAsString()).as(path).isEqualTo(TEXT);
            assertThat(response.header("content-encoding")).as(path).isEmpty();
        }
        try (StreamedResponse streamed = client.get(url(server, "/gzip")).sendStreamed()) {
            assertThat(new String(streamed.bodyAsInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(TEXT);
        }
        assertThat(client.get(url(server, "/plain")).send().bodyAsString()).isEqualTo(TEXT);
        assertThat(client.poolStats()).singleElement().satisfies(stats -> assertThat(stats.connections()).isEqualTo(1));
    }

    @Test
    void decompressionCanBeTurnedOff() throws Exception {
        HttpServer server = compressingServer();
        HttpResponse response = client(clientBuilder().options(o -> o.decompression(false))).get(url(server, "/gzip"))
                .send();

        assertThat(response.header("content-encoding")).contains("gzip");
        assertThat(response.header("x-accept-encoding")).contains("-");
        assertThat(response.bodyAsBytes()).isEqualTo(gzip(TEXT.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void largeDownloadArrivesWhole() throws Exception {
        byte[] data = new byte[8 * 1024 * 1024];
        new Random(42).nextBytes(data);
        HttpServer server = server(request -> request.response().send(data));
        BriskClient client = client();

        for (int i = 0; i < 2; i++) {
            HttpResponse response = client.get(url(server, "/big")).send();
            assertThat(response.bodyAsBytes().length).isEqualTo(data.length);
            assertThat(sha256(response.bodyAsBytes())).isEqualTo(sha256(data));
        }
    }

    @Test
    void chunkedDownloadWithTrailers() {
        HttpServer server = server(request -> {
            request.response().trailers().set("X-Checksum", "abc");
            for (int i = 0; i < 100; i++) {
                request.response().write(("line " + i + "\n").getBytes(StandardCharsets.UTF_8));
            }
            request.response().end();
        });
        HttpResponse response = client().get(url(server, "/")).send();

        assertThat(response.bodyAsString().lines()).hasSize(100).startsWith("line 0").endsWith("line 99");
        assertThat(response.trailers().first("x-checksum").orElse(null)).isEqualTo("abc");
    }

    @Test
    void chunkedUploadFromAStream() throws Exception {
        byte[] data = new byte[3 * 1024 * 1024 + 17];
        new Random(7).nextBytes(data);
        HttpServer server = server(HttpServer.builder()
                .options(o -> o.limits(l -> l.maxBodySize(16 * 1024 * 1024))), request ->
                request.response().send(request.headers().get("transfer-encoding", "-") + " "
                        + request.bodyAsBytes().length + " " + sha(request.bodyAsBytes())));
        String reply = client().post(url(server, "/upload")).body(new ByteArrayInputStream(data)).send()
                .bodyAsString();

        assertThat(reply).isEqualTo("chunked " + data.length + " " + sha256(data));
    }

    @Test
    void largeUploadFromAFile(@TempDir Path dir) throws Exception {
        byte[] data = new byte[5 * 1024 * 1024];
        new Random(3).nextBytes(data);
        Path file = Files.write(dir.resolve("upload.bin"), data);
        HttpServer server = server(HttpServer.builder()
                .options(o -> o.limits(l -> l.maxBodySize(16 * 1024 * 1024))), request ->
                request.response().send(request.contentLength() + " " + sha(request.bodyAsBytes())));
        BriskClient client = client();

        for (int i = 0; i < 2; i++) {
            assertThat(client.put(url(server, "/file")).body(file).send().bodyAsString())
                    .isEqualTo(data.length + " " + sha256(data));
        }
    }

    private static String sha(byte[] data) {
        try {
            return sha256(data);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
