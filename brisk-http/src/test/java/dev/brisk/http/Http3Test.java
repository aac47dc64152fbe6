package dev.brisk.http;

import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.testing.Http3TestClient;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * HTTP/3 requests through real UDP sockets, with Netty's own HTTP/3 client: the server's handlers, body modes and
 * limits apply as on HTTP/1.1 and HTTP/2, and those protocols advertise HTTP/3 with Alt-Svc.
 */
class Http3Test {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static final int MAX_BODY = 2 * 1024 * 1024;
    private static final AtomicInteger PAUSES = new AtomicInteger();

    private static HttpServer server;
    private static Http3TestClient client;
    private static Path file;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        file = Files.createTempFile("http3-test", ".bin");
        byte[] content = new byte[300_000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 7);
        }
        Files.write(file, content);
        server = HttpServer.builder().port(0).host("127.0.0.1")
                .tls(TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate()))
                .options(o -> o.http3(h -> h.enabled(true)).limits(l -> l.maxBodySize(MAX_BODY)))
                .handler(new Routes())
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
        if (file != null) {
            file.toFile().delete();
        }
    }

    /** A refused or failed request ends its stream, never the connection the other requests share. */
    @AfterEach
    void connectionSurvives() throws Exception {
        Thread.sleep(50); // a connection error would arrive by now
        assertThat(client.connection().isActive()).isTrue();
    }

    /** The handlers of the tests, by path. */
    private static final class Routes implements HttpHandler {

        @Override
        public BodyMode bodyMode(ServerRequest request) {
            return request.path().startsWith("/stream") ? BodyMode.STREAM : BodyMode.AGGREGATE;
        }

        @Override
        public void handle(ServerRequest request) {
            switch (request.path()) {
                case "/stream" -> countStreamed(request);
                case "/big" -> writeBig(request, Integer.parseInt(request.query("size").orElse("0")));
                case "/file" -> request.response().sendFile(file);
                case "/trailers" -> {
                    request.response().trailers().set("x-checksum", "42");
                    request.response().write("part".getBytes()).thenRun(() -> request.response().end());
                }
                default -> request.response()
                        .header("x-protocol", request.protocol().text())
                        .header("x-scheme", request.scheme())
                        .header("x-host", request.headers().get("host", ""))
                        .header("x-length", String.valueOf(request.body().readableBytes()))
                        .header("x-remote", String.valueOf(request.remoteAddress()))
                        .header("x-tls", request.tlsSession().map(s -> s.getProtocol()).orElse("none"))
                        .send(request.body().retain());
            }
        }

        /** Counts a streamed body, pausing for 20 ms after each piece, and answers with the count. */
        private static void countStreamed(ServerRequest request) {
            long[] count = new long[1];
            request.stream(new BodyListener() {
                @Override
                public void onData(ByteBuf chunk) {
                    count[0] += chunk.readableBytes();
                    request.pause();
                    PAUSES.incrementAndGet();
                    request.allocator();
                    CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS).execute(request::resume);
                }

                @Override
                public void onEnd(Headers trailers) {
                    request.response().send("received " + count[0] + " trailer=" + trailers.get("x-sum", "-"));
                }
            });
        }

        /** Writes {@code size} bytes in 64 KiB pieces, each once the stream can take it. */
        private static void writeBig(ServerRequest request, int size) {
            ServerResponse response = request.response();
            response.header("content-type", "application/octet-stream");
            writeFrom(response, 0, size);
        }

        private static void writeFrom(ServerResponse response, int written, int size) {
            if (written >= size) {
                response.end();
                return;
            }
            int piece = Math.min(64 * 1024, size - written);
            byte[] bytes = new byte[piece];
            Arrays.fill(bytes, (byte) ('a' + (written / (64 * 1024)) % 26));
            response.write(Unpooled.wrappedBuffer(bytes)).thenRun(() -> writeFrom(response, written + piece, size));
        }
    }

    @Test
    void getReachesTheSameHandlersAsTheOtherProtocols() throws Exception {
        Http3TestClient.Response response = client.get("/hello?x=1");
        assertThat(response.error()).isNull();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("x-protocol")).isEqualTo("HTTP/3.0");
        assertThat(response.header("x-scheme")).isEqualTo("https");
        assertThat(response.header("x-host")).isEqualTo("localhost");
        assertThat(response.header("x-length")).isEqualTo("0");
        assertThat(response.header("x-remote")).startsWith("/127.0.0.1:");
        assertThat(response.header("x-tls")).isEqualTo("TLSv1.3");
        assertThat(response.header("date")).isNotNull();
        assertThat(response.header("content-length")).isEqualTo("0");
        assertThat(server.http3Port()).isEqualTo(server.port());
        assertThat(server.metrics().openConnections(Protocol.HTTP_3)).isEqualTo(1);
    }

    @Test
    void aggregatedBodyInPieces() throws Exception {
        Http3TestClient.Response response = client.send("POST", "/echo", Map.of(),
                List.of("hel".getBytes(), "lo".getBytes())).get(10, TimeUnit.SECONDS);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyText()).isEqualTo("hello");
        assertThat(response.header("x-length")).isEqualTo("5");
    }

    @Test
    void largeBodyBothWays() throws Exception {
        byte[] body = new byte[3 * 1024 * 1024 / 2]; // past the 1 MiB stream window
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        Http3TestClient.Response response = client.post("/echo", body);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(body);
    }

    @Test
    void streamedBodyPausedAndResumed() throws Exception {
        List<byte[]> pieces = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            pieces.add(new byte[32 * 1024]);
        }
        int before = PAUSES.get();
        Http3TestClient.Response response = client.send("POST", "/stream", Map.of(), pieces)
                .get(20, TimeUnit.SECONDS);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyText()).isEqualTo("received " + 40 * 32 * 1024 + " trailer=-");
        assertThat(PAUSES.get() - before).isPositive();
    }

    @Test
    void streamedResponseFollowsStreamFlowControl() throws Exception {
        int size = 3 * 1024 * 1024;
        Http3TestClient.Response response = client.get("/big?size=" + size);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).hasSize(size);
        assertThat(response.body()[size - 1]).isEqualTo((byte) ('a' + (size / (64 * 1024) - 1) % 26));
    }

    @Test
    void file() throws Exception {
        Http3TestClient.Response response = client.get("/file");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-length")).isEqualTo("300000");
        assertThat(response.body()).isEqualTo(Files.readAllBytes(file));
    }

    @Test
    void responseTrailers() throws Exception {
        Http3TestClient.Response response = client.get("/trailers");
        assertThat(response.bodyText()).isEqualTo("part");
        assertThat(response.trailers().get("x-checksum").toString()).isEqualTo("42");
    }

    @Test
    void declaredBodyTooLargeIs413() throws Exception {
        Http3TestClient.Response response = client.send("POST", "/echo",
                Map.of("content-length", String.valueOf(MAX_BODY + 1)), List.of()).get(10, TimeUnit.SECONDS);
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.bodyText()).isEqualTo("request body larger than " + MAX_BODY + " bytes");
    }

    @Test
    void undeclaredBodyTooLargeIs413() throws Exception {
        List<byte[]> pieces = new ArrayList<>();
        for (int i = 0; i <= MAX_BODY / (1024 * 1024); i++) {
            pieces.add(new byte[1024 * 1024]);
        }
        Http3TestClient.Response response = client.send("POST", "/echo", Map.of(), pieces)
                .get(20, TimeUnit.SECONDS);
        assertThat(response.status()).isEqualTo(413);
    }

    /**
     * A request head over the server's header size limit (8 KiB) gets 431, as on HTTP/1.1 and HTTP/2, and its
     * connection goes on serving: whether the section is long as encoded (one field of 9,000 bytes, one of 300,000
     * which the server drops as it arrives) or only once decoded (2,000 one-byte fields, 32 bytes of overhead each).
     */
    @Test
    void oversizedHeadersGet431() throws Exception {
        Map<String, String> manyFields = new LinkedHashMap<>();
        for (int i = 0; i < 2000; i++) {
            manyFields.put("f" + i, "v");
        }
        for (Map<String, String> fields : List.of(Map.of("x-big", "v".repeat(9000)),
                Map.of("x-huge", "v".repeat(300_000)), manyFields)) {
            Http3TestClient.Response response = client.send("GET", "/echo", fields, List.of())
                    .get(10, TimeUnit.SECONDS);
            assertThat(response.status()).isEqualTo(431);
            assertThat(response.bodyText()).isEqualTo("request header section larger than 8192 bytes");
        }
        assertThat(client.get("/after").status()).isEqualTo(200);
    }

    @Test
    void altSvcAdvertisesHttp3OnHttp11AndHttp2() throws Exception {
        HttpClient http = HttpClient.newBuilder().sslContext(CERTIFICATE.clientSslContext()).build();
        for (HttpClient.Version version : List.of(HttpClient.Version.HTTP_1_1, HttpClient.Version.HTTP_2)) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                            URI.create("https://localhost:" + server.port() + "/x")).version(version).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.version()).isEqualTo(version);
            assertThat(response.headers().firstValue("alt-svc")).as(version.toString())
                    .contains("h3=\":" + server.http3Port() + "\"");
        }
    }
}
