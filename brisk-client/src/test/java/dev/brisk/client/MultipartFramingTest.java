package dev.brisk.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The bytes of a multipart body on the wire: its framing and its part headers. */
class MultipartFramingTest extends ClientTestSupport {

    @TempDir
    Path files;

    private static byte[] random(int size) {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        return data;
    }

    @Test
    void aBodyOfKnownPartsGoesWithItsExactContentLength() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            RawServer.respond(out, 200, "ok");
            return true;
        }));
        Path file = Files.write(files.resolve("big.bin"), random(200_000));
        Multipart body = Multipart.builder().field("title", "Grüße").file("file", file, "application/octet-stream")
                .part("icon", "icon.png", random(3000), "image/png")
                .part("stream", "s.bin", new ByteArrayInputStream(random(40_000)), "application/octet-stream")
                .spillThreshold(1024).build();

        // one event loop, so that the second request can only reuse the first one's connection or open another
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)));
        HttpResponse response = client.post(raw.url("/upload")).body(body).send();

        assertThat(response.status()).isEqualTo(200);
        RawServer.Request request = raw.requests().get(0);
        assertThat(request.head().toLowerCase()).contains("content-length: " + request.body().length)
                .doesNotContain("transfer-encoding");
        String text = new String(request.body(), StandardCharsets.ISO_8859_1);
        assertThat(request.body().length).isGreaterThan(243_000);
        assertThat(text).endsWith("--\r\n");
        // the same connection serves the next request: the length was exact
        assertThat(client.post(raw.url("/again")).body(Multipart.builder().file("file", file, "image/png").build())
                .send().status()).isEqualTo(200);
        assertThat(raw.connections()).isEqualTo(1);
        assertThat(raw.requests().get(1).body().length).isGreaterThan(200_000);
    }

    @Test
    void binaryPartsCarryNoCharsetAndTextFieldsSayUtf8() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            RawServer.respond(out, 200, "ok");
            return true;
        }));
        Path file = Files.write(files.resolve("photo.jpg"), random(100));
        Multipart body = Multipart.builder().field("title", "Grüße").file("photo", file, "image/jpeg")
                .part("icon", "icon.png", random(50), "image/png")
                .part("stream", "s.bin", new ByteArrayInputStream(random(60)), "application/octet-stream")
                .build();

        client().post(raw.url("/upload")).body(body).send();

        String text = new String(raw.requests().get(0).body(), StandardCharsets.ISO_8859_1);
        String lower = text.toLowerCase();
        assertThat(lower).contains("content-type: image/jpeg\r\n").contains("content-type: image/png\r\n")
                .contains("content-type: application/octet-stream\r\n")
                .contains("content-type: text/plain; charset=utf-8\r\n");
        assertThat(lower).doesNotContain("image/jpeg; charset").doesNotContain("image/png; charset")
                .doesNotContain("octet-stream; charset");
    }
}
