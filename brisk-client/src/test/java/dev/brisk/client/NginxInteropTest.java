package dev.brisk.client;

import dev.brisk.http.HttpServer;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.zip.GZIPInputStream;

import io.netty.handler.codec.http.HttpMethod;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client against a real nginx (see {@link Nginx} and {@code src/test/resources/nginx/}): HTTP/1.1 keep-alive,
 * h2 over TLS with ALPN, h2c with prior knowledge, the h2c upgrade falling back to HTTP/1.1, redirects, gzip, large
 * downloads, {@code Expect: 100-continue}, chunked and file uploads. nginx reports what it received through
 * {@code /info} (its variables in the body), response headers, a WebDAV location that stores uploads, and a proxied
 * Brisk echo backend.
 */
class NginxInteropTest extends ClientTestSupport {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static final int LARGE_FILE_SIZE = 32 * 1024 * 1024;
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);

    private static HttpServer echoBackend;
    private static Nginx nginx;
    private static byte[] text;
    private static String largeFileSha256;

    /** A way to reach nginx: scheme, server block and the protocol the client is told to speak. */
    enum Route {
        HTTP_1_1("http", "HTTP", ProtocolPolicy.HTTP_1_1, "HTTP/1.1"),
        H2C_PRIOR_KNOWLEDGE("http", "H2C", ProtocolPolicy.H2C_PRIOR_KNOWLEDGE, "HTTP/2.0"),
        TLS_HTTP_1_1("https", "TLS", ProtocolPolicy.HTTP_1_1, "HTTP/1.1"),
        TLS_H2_ALPN("https", "TLS", ProtocolPolicy.AUTO, "HTTP/2.0");

        final String scheme;
        final String server;
        final ProtocolPolicy protocol;
        final String nginxProtocol;

        Route(String scheme, String server, ProtocolPolicy protocol, String nginxProtocol) {
            this.scheme = scheme;
            this.server = server;
            this.protocol = protocol;
            this.nginxProtocol = nginxProtocol;
        }

        String url(String path) {
            String host = scheme.equals("https") ? "localhost" : "127.0.0.1";
            return scheme + "://" + host + ":" + nginx.port(server) + path;
        }
    }

    @BeforeAll
    static void startNginx() throws IOException {
        echoBackend = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1)
                .limits(l -> l.maxBodySize(16 * 1024 * 1024)))
                .handler(request -> request.response()
                        .header("X-Method", request.method().name())
                        .header("X-Content-Type", request.headers().get("content-type", "-"))
                        .header("Content-Type", "application/octet-stream")
                        .send(request.bodyAsBytes()))
                .start();
        nginx = Nginx.start(CERTIFICATE, Map.of("BACKEND_PORT", String.valueOf(echoBackend.port())));
        Path files = Files.createDirectories(nginx.html().resolve("files"));
        text = textOfLines(40_000);
        Files.write(files.resolve("text.txt"), text);
        largeFileSha256 = writeRandomFile(files.resolve("large.bin"), LARGE_FILE_SIZE);
    }

    @AfterAll
    static void stopNginx() {
        try {
            if (nginx != null) {
                nginx.close();
            }
        } finally {
            if (echoBackend != null) {
                echoBackend.closeNow();
            }
        }
    }

    private BriskClient client(Route route) {
        return client(clientBuilder().options(o -> o.protocol(route.protocol)).tls(trustingNginx()));
    }

    private static TlsOptions trustingNginx() {
        return TlsOptions.builder().trustCertificates(CERTIFICATE.certificate()).build();
    }

    private static String url(String path) {
        return Route.HTTP_1_1.url(path);
    }

    // ---------------------------------------------------------------- protocols

    @Test
    void http11KeepAliveCarriesManyRequestsOnOneConnection() {
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.HTTP_1_1)));

        for (int i = 1; i <= 40; i++) {
            HttpResponse response = client.get(url("/info")).header("X-Trace", "call-" + i).timeout(CALL_TIMEOUT)
                    .send();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.bodyAsString()).contains("protocol=HTTP/1.1\n", "method=GET\n",
                    "x-trace=call-" + i + "\n", "connection-requests=" + i + "\n");
        }
    }

    @ParameterizedTest
    @EnumSource(Route.class)
    void eachRouteSpeaksTheProtocolAskedFor(Route route) {
        HttpResponse response = client(route).get(route.url("/info")).timeout(CALL_TIMEOUT).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyAsString()).contains("protocol=" + route.nginxProtocol + "\n",
                "port=" + nginx.port(route.server) + "\n");
    }

    @Test
    void h2OverTlsIsAgreedWithAlpnAndVerifiesTheHostName() {
        BriskClient client = client(Route.TLS_H2_ALPN);

        HttpResponse byName = client.post(Route.TLS_H2_ALPN.url("/echo")).body("over h2").timeout(CALL_TIMEOUT).send();
        HttpResponse byAddress = client.get("https://127.0.0.1:" + nginx.port("TLS") + "/info").timeout(CALL_TIMEOUT)
                .send();

        assertThat(byName.bodyAsString()).isEqualTo("over h2");
        assertThat(byName.header("X-Method")).contains("POST");
        assertThat(byAddress.bodyAsString()).contains("protocol=HTTP/2.0\n");
    }

    @Test
    void certificateNotTrustedFailsTheHandshake() {
        SelfSignedCertificate stranger = SelfSignedCertificate.create("localhost");
        BriskClient client = client(clientBuilder()
                .tls(TlsOptions.builder().trustCertificates(stranger.certificate()).build()));

        Throwable failure = failure(client.get(Route.TLS_H2_ALPN.url("/info")).timeout(CALL_TIMEOUT).execute());

        assertThat(failure).isInstanceOf(TlsHandshakeException.class);
    }

    @Test
    void h2cPriorKnowledgeMultiplexesConcurrentCalls() {
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)
                .protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE)));

        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            calls.add(client.post(Route.H2C_PRIOR_KNOWLEDGE.url("/echo")).body("stream " + i).timeout(CALL_TIMEOUT)
                    .execute().toCompletableFuture());
        }

        for (int i = 0; i < 30; i++) {
            HttpResponse response = calls.get(i).join();
            assertThat(response.bodyAsString()).isEqualTo("stream " + i);
        }
        assertThat(client.get(Route.H2C_PRIOR_KNOWLEDGE.url("/info")).timeout(CALL_TIMEOUT).send().bodyAsString())
                .contains("protocol=HTTP/2.0\n");
    }

    @Test
    void h2cUpgradeFallsBackToHttp11WhenNginxDoesNotUpgrade() {
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.H2C_UPGRADE)
                .retryPolicy(RetryPolicy.NONE)));

        HttpResponse first = client.get(url("/info")).timeout(CALL_TIMEOUT).send();
        HttpResponse second = client.post(url("/echo")).body("after the fallback").timeout(CALL_TIMEOUT).send();
        HttpResponse third = client.get(url("/info")).timeout(CALL_TIMEOUT).send();

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.bodyAsString()).contains("protocol=HTTP/1.1\n", "connection-requests=1\n");
        assertThat(second.bodyAsString()).isEqualTo("after the fallback");
        assertThat(third.bodyAsString()).contains("protocol=HTTP/1.1\n", "connection-requests=3\n");
    }

    @Test
    void h2cUpgradeFallbackServesCallsThatWaitedForTheProbe() {
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.H2C_UPGRADE)
                .retryPolicy(RetryPolicy.NONE)));

        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            calls.add(client.get(url("/info")).header("X-Trace", "burst-" + i).timeout(CALL_TIMEOUT).execute()
                    .toCompletableFuture());
        }

        for (int i = 0; i < 10; i++) {
            assertThat(calls.get(i).join().bodyAsString()).contains("protocol=HTTP/1.1\n", "x-trace=burst-" + i + "\n");
        }
    }

    // ---------------------------------------------------------------- redirects

    @Test
    void chainOfEveryRedirectStatusIsFollowed() {
        BriskClient client = client();

        HttpResponse response = client.get(url("/r301/r302/r303/r307/r308/info")).timeout(CALL_TIMEOUT).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.uri().getPath()).isEqualTo("/info");
        assertThat(response.bodyAsString()).contains("method=GET\n");
    }

    @Test
    void chainLongerThanMaxRedirectsFails() {
        Throwable failure = failure(client().get(url("/r301/r302/r303/r307/r308/info")).maxRedirects(4)
                .timeout(CALL_TIMEOUT).execute());

        assertThat(failure).isInstanceOf(TooManyRedirectsException.class);
    }

    @ParameterizedTest(name = "{1} answered with {0} becomes {2}")
    @CsvSource({
            "301, POST, GET,  ''",
            "302, POST, GET,  ''",
            "303, POST, GET,  ''",
            "307, POST, POST, payload",
            "308, POST, POST, payload",
            "301, PUT,  PUT,  payload",
            "302, PUT,  PUT,  payload",
            "303, PUT,  GET,  ''",
            "307, PUT,  PUT,  payload",
            "308, PUT,  PUT,  payload",
    })
    void redirectKeepsOrDropsMethodAndBody(int status, String method, String expectedMethod, String expectedBody) {
        HttpResponse response = client().request(HttpMethod.valueOf(method),
                        url("/r" + status + "/echo"))
                .contentType("text/plain").body("payload").timeout(CALL_TIMEOUT).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.uri().getPath()).isEqualTo("/echo");
        assertThat(response.header("X-Method")).contains(expectedMethod);
        assertThat(response.bodyAsString()).isEqualTo(expectedBody);
        assertThat(response.header("X-Content-Type")).contains(expectedBody.isEmpty() ? "-" : "text/plain");
    }

    @Test
    void redirectToAnotherOriginDropsCredentialsAndKeepsOtherHeaders() {
        BriskClient client = client();

        HttpResponse away = client.get(url("/away/info")).header("Authorization", "Bearer secret")
                .cookie("session", "s1").header("X-Trace", "kept").timeout(CALL_TIMEOUT).send();
        HttpResponse sameOrigin = client.get(url("/r302/info")).header("Authorization", "Bearer secret")
                .cookie("session", "s1").timeout(CALL_TIMEOUT).send();

        assertThat(away.uri().getPort()).isEqualTo(nginx.port("OTHER"));
        assertThat(away.bodyAsString()).contains("port=" + nginx.port("OTHER") + "\n", "authorization=\n",
                "cookie=\n", "x-trace=kept\n");
        assertThat(sameOrigin.bodyAsString()).contains("port=" + nginx.port("HTTP") + "\n",
                "authorization=Bearer secret\n", "cookie=session=s1\n");
    }

    @Test
    void redirect307ToAnotherOriginResendsTheBody() {
        HttpResponse response = client().post(url("/away/echo")).body("travels").timeout(CALL_TIMEOUT).send();

        assertThat(response.uri().getPort()).isEqualTo(nginx.port("OTHER"));
        assertThat(response.header("X-Method")).contains("POST");
        assertThat(response.bodyAsString()).isEqualTo("travels");
    }

    // ---------------------------------------------------------------- gzip and downloads

    @ParameterizedTest
    @EnumSource(Route.class)
    void gzipResponseIsDecompressed(Route route) {
        HttpResponse response = client(route).get(route.url("/files/text.txt")).timeout(CALL_TIMEOUT).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("X-Accept-Encoding")).hasValueSatisfying(value -> assertThat(value).contains("gzip"));
        assertThat(response.header("Content-Encoding")).isEmpty();
        assertThat(response.bodyAsBytes()).isEqualTo(text);
    }

    @Test
    void withoutDecompressionTheGzipBytesArriveAsSent() throws IOException {
        BriskClient client = client(clientBuilder().options(o -> o.decompression(false)));

        HttpResponse response = client.get(url("/files/text.txt")).header("Accept-Encoding", "gzip")
                .timeout(CALL_TIMEOUT).send();

        assertThat(response.header("Content-Encoding")).contains("gzip");
        assertThat(response.bodyAsBytes().length).isLessThan(text.length / 4);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(response.bodyAsBytes()))) {
            assertThat(in.readAllBytes()).isEqualTo(text);
        }
    }

    @ParameterizedTest
    @EnumSource(Route.class)
    void largeDownloadArrivesWhole(Route route) {
        HttpResponse response = client(route).get(route.url("/files/large.bin")).timeout(CALL_TIMEOUT).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyAsBytes()).hasSize(LARGE_FILE_SIZE);
        assertThat(sha256(response.bodyAsBytes())).isEqualTo(largeFileSha256);
    }

    // ---------------------------------------------------------------- Expect: 100-continue

    @Test
    void expectContinueBodyFollowsTheContinueOfNginx() {
        byte[] body = randomBytes(256 * 1024, 7);
        BriskClient client = client(clientBuilder().options(o -> o.expectContinueTimeout(Duration.ofMinutes(10))));

        HttpResponse response = client.post(url("/echo")).header("Expect", "100-continue").body(body)
                .timeout(CALL_TIMEOUT).send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyAsBytes()).isEqualTo(body);
    }

    @Test
    void expectContinueRejectedWith413NeverSendsTheBody() throws Exception {
        byte[] body = randomBytes(64 * 1024, 8);
        try (RecordingRelay relay = new RecordingRelay(nginx.port("HTTP"))) {
            BriskClient client = client(clientBuilder().options(o -> o.expectContinueTimeout(Duration.ofMinutes(10))));

            HttpResponse response = client.post("http://127.0.0.1:" + relay.port() + "/small")
                    .header("Expect", "100-continue").body(body).timeout(CALL_TIMEOUT).send();
            client.close();
            String sent = new String(relay.sentOnceClientsClosed(), StandardCharsets.ISO_8859_1);

            assertThat(response.status()).isEqualTo(413);
            assertThat(sent).startsWith("POST /small HTTP/1.1\r\n").containsIgnoringCase("expect: 100-continue\r\n")
                    .containsIgnoringCase("content-length: " + body.length + "\r\n").endsWith("\r\n\r\n");
            assertThat(sent.length()).isLessThan(2048);
        }
    }

    // ---------------------------------------------------------------- uploads, read back from WebDAV

    @ParameterizedTest
    @EnumSource(Route.class)
    void chunkedUploadIsStoredByteForByte(Route route) {
        byte[] content = randomBytes(3 * 1024 * 1024 + 17, route.ordinal());
        BriskClient client = client(route);
        String path = "/dav/chunked/" + route.name().toLowerCase() + ".bin";

        HttpResponse put = client.put(route.url(path)).body(new ByteArrayInputStream(content)).timeout(CALL_TIMEOUT)
                .send();
        HttpResponse get = client.get(route.url(path)).timeout(CALL_TIMEOUT).send();

        assertThat(put.status()).isIn(201, 204);
        if (route.nginxProtocol.equals("HTTP/1.1")) {
            assertThat(put.header("X-Request-Transfer-Encoding")).contains("chunked");
            assertThat(put.header("X-Request-Content-Length")).isEmpty();
        }
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.bodyAsBytes()).isEqualTo(content);
    }

    @ParameterizedTest
    @EnumSource(Route.class)
    void fileUploadIsStoredByteForByte(Route route, @TempDir Path dir) throws IOException {
        byte[] content = randomBytes(8 * 1024 * 1024 + 5, 100 + route.ordinal());
        Path file = Files.write(dir.resolve("upload.bin"), content);
        BriskClient client = client(route);
        String path = "/dav/files/" + route.name().toLowerCase() + ".bin";

        HttpResponse put = client.put(route.url(path)).body(file).timeout(CALL_TIMEOUT).send();
        HttpResponse get = client.get(route.url(path)).timeout(CALL_TIMEOUT).send();

        assertThat(put.status()).isIn(201, 204);
        if (route.nginxProtocol.equals("HTTP/1.1")) {
            assertThat(put.header("X-Request-Content-Length")).contains(String.valueOf(content.length));
        }
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.bodyAsBytes()).isEqualTo(content);
    }

    // ---------------------------------------------------------------- data

    private static byte[] textOfLines(int lines) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            out.append("line ").append(i).append(": the quick brown fox jumps over the lazy dog\n");
        }
        return out.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    /** Writes {@code size} pseudo-random bytes and returns their SHA-256 in hex. */
    private static String writeRandomFile(Path file, int size) throws IOException {
        MessageDigest digest = sha256();
        Random random = new Random(42);
        byte[] block = new byte[1024 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int written = 0; written < size; written += block.length) {
                random.nextBytes(block);
                int n = Math.min(block.length, size - written);
                out.write(block, 0, n);
                digest.update(block, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
