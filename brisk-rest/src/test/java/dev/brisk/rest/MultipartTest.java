package dev.brisk.rest;

import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2RawConnection;
import dev.brisk.http.testing.MemoryProbe;
import dev.brisk.http.testing.RawConnection;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.rest.multipart.Part;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import java.io.ByteArrayInputStream;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Random;
import org.assertj.core.api.Assertions;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/** multipart/form-data request bodies over real sockets: parts in memory and on disk, clean-up, limits, names. */
class MultipartTest {

    private static final String BOUNDARY = "----brisk7MA4YWxkTrZu0gW";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path temp;

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A multipart body built byte by byte, so that tests control every header. */
    private static final class Body {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Body part(String disposition, String contentType, byte[] content) {
            out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: " + disposition + "\r\n"
                    + (contentType == null ? "" : "Content-Type: " + contentType + "\r\n") + "\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            out.writeBytes(content);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
            return this;
        }

        Body field(String name, String value) {
            return part("form-data; name=\"" + name + "\"", null, value.getBytes(StandardCharsets.UTF_8));
        }

        Body file(String name, String filename, String contentType, byte[] content) {
            return part("form-data; name=\"" + name + "\"; filename=\"" + filename + "\"", contentType, content);
        }

        byte[] bytes() {
            ByteArrayOutputStream copy = new ByteArrayOutputStream();
            copy.writeBytes(out.toByteArray());
            copy.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
            return copy.toByteArray();
        }
    }

    private HttpResponse<String> post(String path, byte[] body) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(30))
                .header("content-type", "multipart/form-data; boundary=" + BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String describe(Part part) throws IOException {
        return part.name() + "|" + part.filename().orElse("-") + "|" + part.contentType().orElse("-") + "|"
                + part.size() + "|" + (part.inMemory() ? "memory" : "file") + "|" + sha256(part.inputStream());
    }

    private static String sha256(InputStream in) throws IOException {
        try (in) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) != -1) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sha256(byte[] bytes) throws IOException {
        return sha256(new ByteArrayInputStream(bytes));
    }

    private BriskServer.Builder uploads(MultipartOptions options) {
        return server().web(w -> w.multipart(options))
                .post("/upload", ctx -> {
                    StringBuilder out = new StringBuilder();
                    for (Part part : ctx.multipart().parts()) {
                        out.append(describe(part)).append('\n');
                    }
                    out.append("fields=").append(ctx.multipart().fields()).append('\n');
                    out.append("form=").append(ctx.formParams()).append('\n');
                    out.append("temp files=").append(tempFiles().size());
                    ctx.send(out.toString());
                });
    }

    private List<Path> tempFiles() throws IOException {
        try (Stream<Path> files = Files.list(temp)) {
            return files.filter(f -> f.getFileName().toString().startsWith("brisk-part-")).toList();
        }
    }

    private void awaitNoTempFiles() throws Exception {
        for (int i = 0; i < 500 && !tempFiles().isEmpty(); i++) {
            Thread.sleep(10);
        }
        assertThat(tempFiles()).as("temporary part files left behind").isEmpty();
    }

    private MultipartOptions.Builder options() {
        return MultipartOptions.builder().tempDirectory(temp).fileSizeThreshold(1024);
    }

    @Test
    void smallPartsStayInMemoryAndLargeOnesGoToTemporaryFilesDeletedAfterTheResponse() throws Exception {
        byte[] small = "small file".getBytes(StandardCharsets.US_ASCII);
        byte[] large = new byte[300_000];
        new Random(1).nextBytes(large);
        server = uploads(options().build()).start();
        HttpResponse<String> response = post("/upload", new Body()
                .field("title", "Holiday")
                .file("notes", "notes.txt", "text/plain", small)
                .file("photo", "photo.bin", "application/octet-stream", large)
                .field("title", "second value")
                .bytes());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body().split("\n")).containsExactly(
                "title|-|-|7|memory|" + sha256("Holiday".getBytes(StandardCharsets.UTF_8)),
                "notes|notes.txt|text/plain|10|memory|" + sha256(small),
                "photo|photo.bin|application/octet-stream|300000|file|" + sha256(large),
                "title|-|-|12|memory|" + sha256("second value".getBytes(StandardCharsets.UTF_8)),
                "fields={title=[Holiday, second value]}",
                "form={title=[Holiday, second value]}",
                "temp files=1");
        awaitNoTempFiles();
    }

    @Test
    void aHugeUploadStreamsToDiskInsteadOfMemory() throws Exception {
        long size = 48L * 1024 * 1024; // far beyond the server's 4 MiB limit for aggregated bodies
        server = server().web(w -> w.multipart(MultipartOptions.builder().tempDirectory(temp).maxPartSize(size)
                        .maxRequestSize(size + 4096).build()))
                .route(Route.post("/upload").scheduler(Schedulers.WORKER).handler(ctx -> {
                    // the whole body has arrived: had it been aggregated, the allocator would hold all of it now
                    long held = MemoryProbe.now().netty();
                    Part part = ctx.multipart().part("video").orElseThrow();
                    ctx.send(part.size() + " " + part.inMemory() + " " + sha256(part.inputStream())
                            + (held < size / 2 ? "" : " but the server held " + held + " bytes"));
                }))
                .start();
        byte[] head = ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"video\"; filename=\"v.mp4\"\r\n"
                + "Content-Type: video/mp4\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = ("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] block = new byte[64 * 1024];
        new Random(2).nextBytes(block);
        for (long sent = 0; sent < size; sent += block.length) {
            digest.update(block);
        }
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/upload"))
                .header("content-type", "multipart/form-data; boundary=" + BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new InputStream() {
                    private long position;

                    @Override
                    public int read() {
                        byte[] one = new byte[1];
                        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) {
                        long total = head.length + size + tail.length;
                        if (position >= total) {
                            return -1;
                        }
                        int n = (int) Math.min(len, total - position);
                        for (int i = 0; i < n; i++, position++) {
                            if (position < head.length) {
                                b[off + i] = head[(int) position];
                            } else if (position < head.length + size) {
                                b[off + i] = block[(int) ((position - head.length) % block.length)];
                            } else {
                                b[off + i] = tail[(int) (position - head.length - size)];
                            }
                        }
                        return n;
                    }
                })).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(size + " false "
                + HexFormat.of().formatHex(digest.digest()).substring(0, 16));
        awaitNoTempFiles();
    }

    @Test
    void unlimitedSizesLiftTheServersBodyLimitForMultipartBodies() throws Exception {
        byte[] file = new byte[64 * 1024];
        server = server().http(http -> http.options(o -> o.limits(l -> l.maxBodySize(1024))))
                .web(w -> w.multipart(options().maxPartSize(Long.MAX_VALUE).maxRequestSize(Long.MAX_VALUE).build()))
                .post("/upload", ctx -> ctx.send(String.valueOf(ctx.multipart().part("f").orElseThrow().size())))
                .start();
        HttpResponse<String> response = post("/upload", new Body().file("f", "f.bin", "application/octet-stream",
                file).bytes());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(String.valueOf(file.length));
    }

    @Test
    void transferToKeepsAFileAndAFailingHandlerLeavesNothingBehind() throws Exception {
        Path kept = temp.resolve("kept.bin");
        server = server().web(w -> w.multipart(options().build()))
                .post("/keep", ctx -> {
                    ctx.multipart().part("doc").orElseThrow().transferTo(kept);
                    ctx.send("kept");
                })
                .post("/fail", ctx -> {
                    assertThat(tempFiles()).hasSize(1);
                    throw new IllegalStateException("the handler broke");
                })
                .start();
        byte[] content = "x".repeat(5000).getBytes(StandardCharsets.US_ASCII);
        byte[] body = new Body().file("doc", "doc.txt", "text/plain", content).bytes();
        assertThat(post("/keep", body).body()).isEqualTo("kept");
        assertThat(Files.readAllBytes(kept)).isEqualTo(content);
        awaitNoTempFiles();
        assertThat(post("/fail", body).statusCode()).isEqualTo(500);
        awaitNoTempFiles();
        assertThat(kept).exists();
    }

    @Test
    void aClientThatLeavesMidUploadLeavesNoTemporaryFiles() throws Exception {
        AtomicBoolean handled = new AtomicBoolean();
        server = server().web(w -> w.multipart(options().build())).post("/upload", ctx -> {
            handled.set(true);
            ctx.send("done");
        }).start();
        byte[] start = ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\n\r\n"
                + "y".repeat(10_000)).getBytes(StandardCharsets.US_ASCII);
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary="
                    + BOUNDARY + "\r\nContent-Length: 1000000\r\n\r\n");
            connection.send(start);
            for (int i = 0; i < 500 && tempFiles().isEmpty(); i++) {
                Thread.sleep(10);
            }
            assertThat(tempFiles()).as("the part was being written to disk").hasSize(1);
        }
        awaitNoTempFiles();
        assertThat(handled).isFalse();
    }

    @Test
    void everyLimitHasItsStatusAndSaysWhichLimit() throws Exception {
        server = uploads(options().maxPartSize(2000).maxRequestSize(10_000).maxParts(3).maxPartHeaderSize(200)
                .build()).start();
        HttpResponse<String> part = post("/upload", new Body().field("a", "1")
                .file("big", "big.bin", null, new byte[2001]).bytes());
        assertThat(part.statusCode()).isEqualTo(413);
        assertThat(part.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(part.body()).contains("part 'big' (file \\\"big.bin\\\") is larger than maxPartSize 2000 bytes");

        HttpResponse<String> parts = post("/upload", new Body().field("a", "1").field("b", "2").field("c", "3")
                .field("d", "4").bytes());
        assertThat(parts.statusCode()).isEqualTo(413);
        assertThat(parts.body()).contains("more than maxParts 3 parts");

        HttpResponse<String> header = post("/upload", new Body().part("form-data; name=\"" + "n".repeat(300)
                + "\"", null, new byte[1]).bytes());
        assertThat(header.statusCode()).isEqualTo(400);
        assertThat(header.body()).contains("larger than maxPartHeaderSize 200 bytes");

        // a declared length beyond the limit is refused before the body is sent
        try (RawConnection connection = new RawConnection(server.port())) {
            RawConnection.Response declared = connection.send("POST /upload HTTP/1.1\r\nHost: x\r\n"
                    + "Content-Type: multipart/form-data; boundary=" + BOUNDARY + "\r\nContent-Length: 10001\r\n"
                    + "Expect: 100-continue\r\n\r\n").read();
            assertThat(declared.status()).isEqualTo(413);
            assertThat(declared.bodyText()).contains("multipart body of 10001 bytes is larger than maxRequestSize "
                    + "10000 bytes");
            assertThat(connection.isClosedByServer()).isTrue();
        }
        // a chunked body is counted as it arrives
        try (RawConnection connection = new RawConnection(server.port())) {
            byte[] body = new Body().field("a", "z".repeat(1500)).field("b", "z".repeat(1500))
                    .field("c", "z".repeat(1500)).bytes();
            connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary="
                    + BOUNDARY + "\r\nTransfer-Encoding: chunked\r\n\r\n");
            for (int i = 0; i < 4; i++) {
                connection.send(Integer.toHexString(body.length) + "\r\n");
                connection.send(body);
                connection.send("\r\n");
            }
            connection.send("0\r\n\r\n");
            RawConnection.Response chunked = connection.read();
            assertThat(chunked.status()).isEqualTo(413);
            assertThat(chunked.bodyText()).contains("the multipart body is larger than maxRequestSize 10000 bytes");
        }
        HttpResponse<String> malformed = post("/upload", ("--" + BOUNDARY + "\r\nContent-Disposition: form-data; "
                + "name=\"a\"\r\n\r\nno end").getBytes(StandardCharsets.US_ASCII));
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(malformed.body()).contains("ended before its closing boundary");
        HttpResponse<String> noBoundary = CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/upload"))
                .header("content-type", "multipart/form-data")
                .POST(HttpRequest.BodyPublishers.ofString("whatever")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(noBoundary.statusCode()).isEqualTo(400);
        assertThat(noBoundary.body()).contains("has no boundary parameter");
        awaitNoTempFiles();
        // the connection limits left the server in working order
        assertThat(post("/upload", new Body().field("a", "1").bytes()).statusCode()).isEqualTo(200);
    }

    @Test
    void filenamesWithQuotesAndUtf8AreDecoded() throws Exception {
        server = uploads(options().build()).start();
        HttpResponse<String> response = post("/upload", new Body()
                .part("form-data; name=\"a\"; filename=\"say \\\"hi\\\".txt\"", "text/plain", new byte[] {'1'})
                .part("form-data; name=\"b\"; filename=\"say %22hi%22.txt\"", "text/plain", new byte[] {'2'})
                .part("form-data; name=\"c\"; filename=\"plain.txt\"; filename*=UTF-8''%E2%82%AC%20%F0%9F%93%88.txt",
                        "text/plain", new byte[] {'3'})
                .part("form-data; name=\"d\"; filename=\"Größe €.txt\"", "text/plain", new byte[] {'4'})
                .bytes());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("a|say \"hi\".txt|").contains("b|say \"hi\".txt|")
                .contains("c|€ 📈.txt|").contains("d|Größe €.txt|");
    }

    @Test
    void urlEncodedFormsAndOtherBodiesKeepWorking() throws Exception {
        server = server()
                .post("/form", ctx -> ctx.send(ctx.formParams().toString()))
                .post("/json", ctx -> ctx.send(ctx.formParams() + " " + ctx.body(Map.class)))
                .post("/parts", ctx -> ctx.send(ctx.multipart().toString()))
                .start();
        HttpResponse<String> form = CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/form"))
                .header("content-type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("name=Ada+Lovelace&tag=a&tag=b%26c&empty=")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(form.body()).isEqualTo("{name=[Ada Lovelace], tag=[a, b&c], empty=[]}");
        HttpResponse<String> json = CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/json"))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"a\":1}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(json.body()).isEqualTo("{} {a=1}");
        HttpResponse<String> notMultipart = CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/parts"))
                .header("content-type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(notMultipart.statusCode()).isEqualTo(415);
        assertThat(notMultipart.body()).contains("not multipart/form-data (Content-Type: text/plain)");
    }

    @Test
    void partsArriveOverHttp2Too() throws Exception {
        server = uploads(options().build()).start();
        byte[] body = new Body().field("greeting", "hello").file("f", "f.txt", "text/plain",
                "x".repeat(3000).getBytes(StandardCharsets.US_ASCII)).bytes();
        try (H2RawConnection connection = new H2RawConnection(server.port())) {
            connection.preface().settingsAck().headers(1, "POST", "/upload", false,
                    "content-type", "multipart/form-data; boundary=" + BOUNDARY);
            int half = body.length / 2;
            connection.data(1, Arrays.copyOfRange(body, 0, half), false);
            connection.data(1, Arrays.copyOfRange(body, half, body.length), true).flush();
            H2Frames.Frame head = connection.await(f -> f.type() == H2Frames.HEADERS,
                    Duration.ofSeconds(10));
            assertThat(head.status()).isEqualTo("200");
            StringBuilder text = new StringBuilder();
            H2Frames.Frame frame;
            do {
                frame = connection.await(f -> f.type() == H2Frames.DATA, Duration.ofSeconds(10));
                text.append(new String(frame.payload(), StandardCharsets.UTF_8));
            } while (!frame.has(H2Frames.FLAG_END_STREAM));
            assertThat(text.toString()).contains("greeting|-|-|5|memory").contains("f|f.txt|text/plain|3000|file")
                    .contains("temp files=1");
        }
        awaitNoTempFiles();
    }

    @Test
    void optionsAreValidatedNamingFieldAndValue() {
        Assertions.assertThatThrownBy(() -> MultipartOptions.builder().maxParts(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxParts must be positive: 0");
        Assertions.assertThatThrownBy(() -> MultipartOptions.builder().fileSizeThreshold(-1)
                .build()).hasMessage("fileSizeThreshold must not be negative: -1");
        MultipartOptions options = MultipartOptions.builder().maxPartSize(5).build();
        assertThat(options.toBuilder().build()).isEqualTo(options);
        assertThat(MultipartOptions.DEFAULT.maxPartSize()).isEqualTo(1024 * 1024);
        assertThat(MultipartOptions.DEFAULT.maxRequestSize()).isEqualTo(10 * 1024 * 1024);
    }
}
