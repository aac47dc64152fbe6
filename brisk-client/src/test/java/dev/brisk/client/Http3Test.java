package dev.brisk.client;

import dev.brisk.transport.QuicAvailability;
import dev.brisk.http.HttpServer;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** HTTP/3 chosen explicitly ({@link ProtocolPolicy#H3}), against Netty's HTTP/3 server over real UDP sockets. */
class Http3Test extends ClientTestSupport {

    @BeforeAll
    static void quicAvailable() {
        assumeTrue(QuicAvailability.isAvailable(), () -> "HTTP/3 not available: "
                + QuicAvailability.unavailabilityReason());
    }

    /**
     * The size of the large transfers, and the time they must take less than: several times what they take on a busy
     * machine, and far less than they took while the server's event loop left the client's acknowledgements unread
     * for seconds. Rates are not asserted.
     */
    private static final int LARGE = 8 * 1024 * 1024;
    private static final long LARGE_LIMIT_SECONDS = 20;

    private Http3TestServer server() {
        return closeLater(Http3TestServer.start());
    }

    private BriskClient h3(Http3TestServer server) {
        return h3(server, o -> { });
    }

    private BriskClient h3(Http3TestServer server, Consumer<ClientOptions.Builder> more) {
        return client(clientBuilder().options(o -> more.accept(o.protocol(ProtocolPolicy.H3)))
                .tls(TlsOptions.builder().trustCertificates(server.certificate().certificate()).build()));
    }

    private static String url(Http3TestServer server, String path) {
        return "https://127.0.0.1:" + server.port() + path;
    }

    @Test
    void getOverHttp3() {
        Http3TestServer server = server();
        HttpResponse response = h3(server).get(url(server, "/hello")).send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(response.bodyAsString()).isEqualTo("hello over h3");
        assertThat(response.headers().first("content-type")).contains("text/plain; charset=utf-8");
        assertThat(response.headers().contains("x-http3-stream-id")).isFalse();
    }

    @Test
    void postsAnAggregatedBody() {
        Http3TestServer server = server();
        HttpResponse response = h3(server).post(url(server, "/echo")).contentType("text/plain")
                .body("ping over QUIC").send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyAsString()).isEqualTo("ping over QUIC");
        assertThat(response.headers().first("x-method")).contains("POST");
        assertThat(response.headers().first("x-authority")).contains("127.0.0.1:" + server.port());
    }

    @Test
    void sendsAStreamedBodyAndReadsAStreamedResponse() throws Exception {
        Http3TestServer server = server();
        BriskClient client = h3(server);
        byte[] payload = new byte[100_000];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i % 97);
        }
        HttpResponse echoed = client.post(url(server, "/echo")).body(new ByteArrayInputStream(payload)).send();
        assertThat(echoed.headers().first("x-request-length")).contains(String.valueOf(payload.length));
        assertThat(echoed.bodyAsBytes()).isEqualTo(payload);

        int total = 512 * 1024;
        StreamedResponse streamed = client.get(url(server, "/bytes?n=" + total)).sendStreamed();
        assertThat(streamed.protocol()).isEqualTo(Protocol.HTTP_3);
        long read = 0;
        boolean ordered = true;
        try (InputStream body = streamed.bodyAsInputStream()) {
            byte[] buffer = new byte[16 * 1024];
            int n;
            while ((n = body.read(buffer)) >= 0) {
                for (int i = 0; i < n; i++) {
                    ordered &= (buffer[i] & 0xff) == (read + i) % 251;
                }
                read += n;
            }
        }
        assertThat(read).isEqualTo(total);
        assertThat(ordered).isTrue();
    }

    @Test
    @Timeout(value = LARGE_LIMIT_SECONDS, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void downloadsSeveralMebibytesWhole() {
        Http3TestServer server = server();
        HttpResponse response = h3(server).get(url(server, "/bytes?n=" + LARGE)).send();
        assertThat(response.status()).isEqualTo(200);
        byte[] body = response.bodyAsBytes();
        assertThat(body).hasSize(LARGE);
        assertThat(firstMismatch(body, 0, body.length, 0)).isEqualTo(-1);
    }

    @Test
    @Timeout(value = LARGE_LIMIT_SECONDS, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void streamsADownloadOfSeveralMebibytes() throws Exception {
        Http3TestServer server = server();
        StreamedResponse streamed = h3(server).get(url(server, "/bytes?n=" + LARGE)).sendStreamed();
        long read = 0;
        long mismatch = -1;
        try (InputStream body = streamed.bodyAsInputStream()) {
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = body.read(buffer)) >= 0) {
                if (mismatch < 0) {
                    mismatch = firstMismatch(buffer, 0, n, read);
                }
                read += n;
            }
        }
        assertThat(read).isEqualTo(LARGE);
        assertThat(mismatch).isEqualTo(-1);
    }

    @Test
    @Timeout(value = LARGE_LIMIT_SECONDS, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void uploadsSeveralMebibytes() {
        Http3TestServer server = server();
        byte[] payload = new byte[LARGE];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31 + (i >>> 13));
        }
        HttpResponse echoed = h3(server).post(url(server, "/echo")).body(new ByteArrayInputStream(payload)).send();
        assertThat(echoed.headers().first("x-request-length")).contains(String.valueOf(LARGE));
        assertThat(echoed.bodyAsBytes()).isEqualTo(payload);
    }

    /** The offset in the body of the first of {@code bytes[from, to)} that is not the server's {@code /bytes} content. */
    private static long firstMismatch(byte[] bytes, int from, int to, long bodyOffset) {
        for (int i = from; i < to; i++) {
            long offset = bodyOffset + i - from;
            if (bytes[i] != (byte) (offset % 251)) {
                return offset;
            }
        }
        return -1;
    }

    @Test
    void multiplexesConcurrentCallsOnOneConnection() {
        Http3TestServer server = server();
        BriskClient client = h3(server, o -> o.maxConnectionsPerHost(1));
        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(client.get(url(server, "/delay?ms=100")).execute().toCompletableFuture());
        }
        for (CompletableFuture<HttpResponse> call : calls) {
            assertThat(call.join().bodyAsString()).isEqualTo("late");
        }
        assertThat(server.connections()).isEqualTo(1);
        assertThat(client.poolStats()).singleElement().satisfies(stats -> assertThat(stats.connections()).isEqualTo(1));
    }

    @Test
    void respectsTheServersStreamLimit() {
        Http3TestServer server = closeLater(Http3TestServer.start(4));
        BriskClient client = h3(server, o -> o.maxConnectionsPerHost(1));
        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(client.get(url(server, "/delay?ms=50")).execute().toCompletableFuture());
        }
        for (CompletableFuture<HttpResponse> call : calls) {
            assertThat(call.join().status()).isEqualTo(200);
        }
        assertThat(server.connections()).isEqualTo(1);
        assertThat(server.requests()).isEqualTo(20);
    }

    @Test
    void readTimeoutEndsOnlyTheStream() {
        Http3TestServer server = server();
        BriskClient client = h3(server, o -> o.maxConnectionsPerHost(1));
        Throwable failure = failure(client.get(url(server, "/silent")).readTimeout(Duration.ofMillis(200)).execute());
        assertThat(failure).isInstanceOf(ClientReadTimeoutException.class);
        assertThat(client.get(url(server, "/hello")).send().bodyAsString()).isEqualTo("hello over h3");
        assertThat(server.connections()).isEqualTo(1);
    }

    @Test
    void callTimeoutCoversTheWholeCall() {
        Http3TestServer server = server();
        Throwable failure = failure(h3(server).get(url(server, "/silent")).timeout(Duration.ofMillis(200)).execute());
        assertThat(failure).isInstanceOf(CallTimeoutException.class);
    }

    @Test
    void connectTimesOutWhenNothingAnswersOnUdp() throws Exception {
        int port;
        try (DatagramSocket unused = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
            port = unused.getLocalPort(); // bound and silent while the client tries
            BriskClient client = client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H3)
                    .connectTimeout(Duration.ofMillis(300))).tls(TlsOptions.insecure()));
            CompletionStage<HttpResponse> call = client.get("https://127.0.0.1:" + port + "/").execute();
            assertThat(failure(call)).isInstanceOf(ClientConnectTimeoutException.class);
        }
    }

    @Test
    void untrustedCertificateFailsTheHandshake() {
        Http3TestServer server = server();
        BriskClient client = client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H3)));
        assertThat(failure(client.get(url(server, "/hello")).execute())).isInstanceOf(TlsHandshakeException.class);
    }

    @Test
    void countsCallsByProtocol() {
        Http3TestServer server = server();
        List<Protocol> seen = new ArrayList<>();
        BriskClient client = client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H3))
                .tls(TlsOptions.builder().trustCertificates(server.certificate().certificate()).build())
                .metrics(new ClientMetrics() {
                    @Override
                    public void callCompleted(String host, HttpMethod method, int status,
                                              Protocol protocol, long durationNanos) {
                        synchronized (seen) {
                            seen.add(protocol);
                        }
                    }
                }));
        client.get(url(server, "/hello")).send();
        synchronized (seen) {
            assertThat(seen).containsExactly(Protocol.HTTP_3);
        }
    }

    @Test
    void cleartextUrlsStayOnHttp1() {
        HttpServer plain = server(request -> request.response().send("plain"));
        BriskClient client = client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H3)));
        HttpResponse response = client.get(url(plain, "/")).send();
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_1_1);
        assertThat(response.bodyAsString()).isEqualTo("plain");
    }

    @Test
    void postsALargeBufferedBody() {
        Http3TestServer server = server();
        byte[] payload = new byte[300_000];
        HttpResponse echoed = h3(server).post(url(server, "/echo")).body(payload).send();
        assertThat(echoed.bodyAsBytes()).isEqualTo(payload);
    }

    @Test
    void bodyTextIsUtf8() {
        Http3TestServer server = server();
        String text = "grüße über QUIC";
        HttpResponse response = h3(server).post(url(server, "/echo")).body(text.getBytes(StandardCharsets.UTF_8))
                .send();
        assertThat(new String(response.bodyAsBytes(), StandardCharsets.UTF_8)).isEqualTo(text);
    }
}
