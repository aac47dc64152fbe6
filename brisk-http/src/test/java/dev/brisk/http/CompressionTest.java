package dev.brisk.http;

import dev.brisk.http.testing.Tools;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
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
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;

import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.ZstdInputStream;
import dev.brisk.http.internal.compress.CompressionHandler;
import java.util.Map;
import static org.assertj.core.api.Assertions.assertThat;

/** Response compression negotiated by Accept-Encoding, and request decompression, through real sockets. */
class CompressionTest {

    private static final String TEXT = "Brisk compresses text bodies. ".repeat(200);   // 6000 bytes
    private static HttpServer server;
    private static HttpServer plain;
    private static HttpClient client;
    @TempDir
    static Path dir;
    private static Path file;

    @BeforeAll
    static void start() throws IOException {
        file = dir.resolve("page.html");
        Files.writeString(file, TEXT);
        HttpHandler handler = request -> {
            ServerResponse response = request.response();
            switch (request.path()) {
                case "/text" -> response.send(TEXT);
                case "/small" -> response.send("short");
                case "/json" -> response.header("content-type", "application/problem+json").send("{\"a\":\""
                        + "x".repeat(3000) + "\"}");
                case "/png" -> response.header("content-type", "image/png").send(TEXT.getBytes());
                case "/encoded" -> response.header("content-type", "text/plain").header("content-encoding", "gzip")
                        .send(gzip(TEXT.getBytes()));
                case "/no-transform" -> response.header("cache-control", "no-transform").send(TEXT);
                case "/empty" -> response.status(204).send();
                case "/etag" -> response.header("etag", "\"v1\"").header("vary", "Origin").send(TEXT);
                case "/vary-lines" -> {
                    response.headers().add("vary", "Origin").add("vary", "Cookie, accept-language");
                    response.send(TEXT);
                }
                case "/vary-listed" -> response.header("vary", "Origin, accept-encoding").send(TEXT);
                case "/stream" -> {
                    response.header("content-type", "text/plain");
                    response.write(TEXT.getBytes(StandardCharsets.UTF_8));
                    response.write(TEXT.getBytes(StandardCharsets.UTF_8));
                    response.end();
                }
                case "/events" -> {
                    response.header("content-type", "text/event-stream");
                    response.write(("data: " + TEXT + "\n\n").getBytes(StandardCharsets.UTF_8));
                    response.end();
                }
                case "/file" -> response.header("content-type", "text/html").sendFile(file);
                case "/echo" -> response.header("content-type", "text/plain")
                        .header("x-length", String.valueOf(request.body().readableBytes()))
                        .header("x-content-length", String.valueOf(request.contentLength()))
                        .header("x-encoding", request.headers().get("content-encoding", "none"))
                        .send(Unpooled.copiedBuffer(request.body()));
                default -> response.status(404).send();
            }
        };
        server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.limits(l -> l.maxBodySize(1024 * 1024)))
                .compression(CompressionOptions.DEFAULT).handler(handler).start();
        plain = HttpServer.builder().port(0).host("127.0.0.1").handler(handler).start();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
            plain.close();
        }
    }

    private static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        return get(server, HttpClient.Version.HTTP_1_1, "GET", path, acceptEncoding);
    }

    private static HttpResponse<byte[]> get(HttpServer to, HttpClient.Version version, String method, String path,
                                            String acceptEncoding) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + to.port() + path))
                .version(version).method(method, HttpRequest.BodyPublishers.noBody());
        if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String encoding(HttpResponse<?> response) {
        return response.headers().firstValue("content-encoding").orElse("identity");
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    static String decode(HttpResponse<byte[]> response) throws IOException {
        InputStream raw = new ByteArrayInputStream(response.body());
        InputStream decoded = switch (encoding(response)) {
            case "gzip" -> new GZIPInputStream(raw);
            case "deflate" -> new InflaterInputStream(raw);
            case "br" -> new BrotliInputStream(raw);
            case "zstd" -> new ZstdInputStream(raw);
            default -> raw;
        };
        try (decoded) {
            return new String(decoded.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void gzipWhenAcceptedWithVaryAndWithoutTheIdentityLength() throws Exception {
        HttpResponse<byte[]> response = get("/text", "gzip");
        assertThat(encoding(response)).isEqualTo("gzip");
        assertThat(response.headers().firstValue("vary")).hasValue("Accept-Encoding");
        assertThat(response.body().length).isLessThan(TEXT.length() / 4);
        assertThat(response.headers().firstValueAsLong("content-length")).hasValue(response.body().length);
        assertThat(decode(response)).isEqualTo(TEXT);
    }

    @Test
    void everyCodingRoundTrips() throws Exception {
        for (String coding : new String[] {"gzip", "deflate", "br", "zstd"}) {
            HttpResponse<byte[]> response = get("/text", coding);
            assertThat(encoding(response)).as(coding).isEqualTo(coding);
            assertThat(decode(response)).as(coding).isEqualTo(TEXT);
        }
        assertThat(server.options()).isNotNull();
        assertThat(CompressionHandler.offeredEncodings(CompressionOptions.DEFAULT))
                .containsExactly("br", "zstd", "gzip", "deflate");
    }

    @Test
    void qValuesChooseAndZeroRefuses() throws Exception {
        assertThat(encoding(get("/text", "gzip;q=0.5, br;q=0.8"))).isEqualTo("br");
        assertThat(encoding(get("/text", "gzip, deflate, br, zstd"))).isEqualTo("br");   // server preference on ties
        assertThat(encoding(get("/text", "br;q=0, gzip"))).isEqualTo("gzip");
        assertThat(encoding(get("/text", "gzip;q=0"))).isEqualTo("identity");
        assertThat(encoding(get("/text", "*;q=0.2, br;q=0, zstd;q=0, gzip;q=0.1"))).isEqualTo("deflate");
        assertThat(encoding(get("/text", "compress, identity"))).isEqualTo("identity");
        HttpResponse<byte[]> none = get("/text", null);
        assertThat(encoding(none)).isEqualTo("identity");
        assertThat(new String(none.body(), StandardCharsets.UTF_8)).isEqualTo(TEXT);
    }

    @Test
    void onlyLargeEnoughCompressibleUnencodedBodies() throws Exception {
        HttpResponse<byte[]> small = get("/small", "gzip");
        assertThat(encoding(small)).isEqualTo("identity");
        assertThat(new String(small.body(), StandardCharsets.UTF_8)).isEqualTo("short");
        assertThat(encoding(get("/png", "gzip"))).isEqualTo("identity");
        assertThat(encoding(get("/no-transform", "gzip"))).isEqualTo("identity");
        HttpResponse<byte[]> json = get("/json", "gzip");
        assertThat(encoding(json)).isEqualTo("gzip");                                    // +json suffix
        HttpResponse<byte[]> encoded = get("/encoded", "br");
        assertThat(encoding(encoded)).isEqualTo("gzip");                                 // untouched
        assertThat(decode(encoded)).isEqualTo(TEXT);
        assertThat(get("/empty", "gzip").statusCode()).isEqualTo(204);
        assertThat(encoding(get("/events", "gzip"))).isEqualTo("identity");            // Server-Sent Events
    }

    @Test
    void headAnswersWithTheHeaderFieldsOfTheGet() throws Exception {
        // RFC 9110, 9.3.2: the header fields a GET would have (its coding and Vary); the length is left out, as it is
        // known only once the content is made
        for (HttpClient.Version version : HttpClient.Version.values()) {
            HttpResponse<byte[]> head = get(server, version, "HEAD", "/text", "gzip");
            HttpResponse<byte[]> get = get(server, version, "GET", "/text", "gzip");
            assertThat(encoding(head)).as(version.name()).isEqualTo(encoding(get)).isEqualTo("gzip");
            assertThat(head.headers().allValues("vary")).isEqualTo(get.headers().allValues("vary"));
            assertThat(head.body()).isEmpty();
        }
        HttpResponse<byte[]> identity = get(server, HttpClient.Version.HTTP_1_1, "HEAD", "/text", null);
        assertThat(identity.headers().firstValueAsLong("content-length")).hasValue(TEXT.length());
    }

    @Test
    void strongEtagBecomesWeakAndVaryIsExtended() throws Exception {
        HttpResponse<byte[]> response = get("/etag", "gzip");
        assertThat(response.headers().firstValue("etag")).hasValue("W/\"v1\"");
        assertThat(response.headers().firstValue("vary")).hasValue("Origin, Accept-Encoding");
    }

    @Test
    void everyVaryLineIsKeptWhenAcceptEncodingIsAdded() throws Exception {
        HttpResponse<byte[]> response = get("/vary-lines", "gzip");
        assertThat(encoding(response)).isEqualTo("gzip");
        assertThat(response.headers().allValues("vary")).containsExactly("Origin, Cookie, accept-language, Accept-Encoding");
        HttpResponse<byte[]> listed = get("/vary-listed", "gzip");
        assertThat(listed.headers().allValues("vary")).containsExactly("Origin, accept-encoding");
    }

    @Test
    void acceptEncodingSentOnSeveralLinesIsOneList() throws Exception {
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + server.port() + "/text")).header("Accept-Encoding", "br;q=0")
                .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(encoding(response)).isEqualTo("gzip");
    }

    @Test
    void streamedBodiesAreCompressedAsTheyGo() throws Exception {
        HttpResponse<byte[]> response = get("/stream", "gzip");
        assertThat(encoding(response)).isEqualTo("gzip");
        assertThat(decode(response)).isEqualTo(TEXT + TEXT);
    }

    @Test
    void filesAreCompressedWhenTheirTypeQualifies() throws Exception {
        HttpResponse<byte[]> response = get("/file", "br");
        assertThat(encoding(response)).isEqualTo("br");
        assertThat(decode(response)).isEqualTo(TEXT);
        assertThat(new String(get("/file", null).body(), StandardCharsets.UTF_8)).isEqualTo(TEXT);
    }

    @Test
    void http2ResponsesAreCompressedToo() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        for (String coding : new String[] {"gzip", "br"}) {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/text"))
                    .header("Accept-Encoding", coding).build();
            h2.send(request, HttpResponse.BodyHandlers.discarding());       // the h2c upgrade
            HttpResponse<byte[]> response = h2.send(request, HttpResponse.BodyHandlers.ofByteArray());
            assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(encoding(response)).isEqualTo(coding);
            assertThat(decode(response)).isEqualTo(TEXT);
            HttpRequest stream = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/stream"))
                    .header("Accept-Encoding", coding).build();
            assertThat(decode(h2.send(stream, HttpResponse.BodyHandlers.ofByteArray()))).isEqualTo(TEXT + TEXT);
        }
    }

    @Test
    void offByDefault() throws Exception {
        HttpResponse<byte[]> response = get(plain, HttpClient.Version.HTTP_1_1, "GET", "/text", "gzip, br");
        assertThat(encoding(response)).isEqualTo("identity");
        assertThat(response.headers().firstValue("vary")).isEmpty();
    }

    private static HttpResponse<byte[]> post(String contentEncoding, byte[] body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/echo"))
                .header("Content-Encoding", contentEncoding).POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void encodedRequestBodiesAreDecodedBeforeTheHandler() throws Exception {
        byte[] text = TEXT.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream deflated = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(deflated)) {
            out.write(text);
        }
        byte[] brotli = Encoder.compress(text);
        for (var entry : Map.of("gzip", gzip(text), "deflate", deflated.toByteArray(), "br", brotli)
                .entrySet()) {
            HttpResponse<byte[]> response = post(entry.getKey(), entry.getValue());
            assertThat(response.statusCode()).as(entry.getKey()).isEqualTo(200);
            assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(TEXT);
            assertThat(response.headers().firstValue("x-length")).hasValue(String.valueOf(text.length));
            assertThat(response.headers().firstValue("x-content-length")).hasValue(String.valueOf(text.length));
            assertThat(response.headers().firstValue("x-encoding")).hasValue("none");
        }
    }

    @Test
    void aZipBombGets413AndAMalformedBody400() throws Exception {
        byte[] bomb = gzip(new byte[8 * 1024 * 1024]);                    // 8 MiB of zeros in about 8 KiB
        assertThat(bomb.length).isLessThan(64 * 1024);
        HttpResponse<byte[]> response = post("gzip", bomb);
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(post("gzip", "not gzip at all".getBytes()).statusCode()).isEqualTo(400);
        assertThat(post("gzip", gzip(new byte[1024 * 1024])).statusCode()).isEqualTo(200);   // exactly the limit
    }

    @Test
    void unknownCodingsPassThrough() throws Exception {
        HttpResponse<byte[]> response = post("compress", "raw".getBytes());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("x-encoding")).hasValue("compress");
    }

    @Test
    void curlDecodesWhatItNegotiated() throws Exception {
        String curl = Tools.require("curl");
        for (String protocol : new String[] {"--http1.1", "--http2"}) {
            Tools.Result result = Tools.run(30, curl, "-sS", protocol, "--compressed", "-D", "-",
                    "http://127.0.0.1:" + server.port() + "/text");
            assertThat(result.exitCode()).isZero();
            assertThat(result.output()).containsIgnoringCase("content-encoding: ").endsWith(TEXT);
        }
        Path encoded = dir.resolve("body.gz");
        Files.write(encoded, gzip(TEXT.getBytes(StandardCharsets.UTF_8)));
        Tools.Result h2 = Tools.run(30, curl, "-sS", "--http2-prior-knowledge", "-D", "-", "-H",
                "Content-Encoding: gzip", "-H", "Content-Type: text/plain", "--data-binary", "@" + encoded,
                "http://127.0.0.1:" + server.port() + "/echo");
        assertThat(h2.exitCode()).isZero();
        assertThat(h2.output()).startsWith("HTTP/2 200").contains("x-length: " + TEXT.length()).endsWith(TEXT);
    }
}
