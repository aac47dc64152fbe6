package dev.brisk.client;

import dev.brisk.http.BodyListener;
import dev.brisk.http.BodyMode;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * 8 MiB bodies both ways between Brisk's client and Brisk's HTTP/3 server, streamed and aggregated, checked byte for
 * byte (CRC-32). A stalled transfer fails on the 30 s read or write timeout, or on the test's time limit; the rates
 * are printed, not asserted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Http3TransferTest extends ClientTestSupport {

    private static final int SIZE = 8 * 1024 * 1024;
    private static final int CHUNK = 16 * 1024;
    private static final byte[] PAYLOAD = payload();

    private HttpServer server;
    private BriskClient client;

    @BeforeAll
    static void quicAvailable() {
        assumeTrue(QuicAvailability.isAvailable(), () -> "HTTP/3 not available: "
                + QuicAvailability.unavailabilityReason());
    }

    @BeforeEach
    void start() {
        SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
        server = server(HttpServer.builder()
                .tls(TlsOptions.of(certificate.privateKey(), certificate.certificate()))
                .options(o -> o.http3(h -> h.enabled(true)).limits(l -> l.maxBodySize(2L * SIZE))),
                new Routes());
        client = client(clientBuilder()
                .options(o -> o.protocol(ProtocolPolicy.H3).maxResponseSize(2L * SIZE)
                        .readTimeout(Duration.ofSeconds(30)).writeTimeout(Duration.ofSeconds(30)))
                .tls(TlsOptions.builder().trustCertificates(certificate.certificate()).build()));
    }

    private String url(String path) {
        return "https://127.0.0.1:" + server.port() + path;
    }

    @Test
    void uploadsAStreamedBody() {
        long start = System.nanoTime();
        HttpResponse response = client.post(url("/count")).body(new ByteArrayInputStream(PAYLOAD)).send();
        report("streamed upload", start);
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(response.bodyAsString()).isEqualTo(SIZE + " " + crc(PAYLOAD));
    }

    @Test
    void uploadsAnAggregatedBody() {
        long start = System.nanoTime();
        HttpResponse response = client.post(url("/count")).body(PAYLOAD).send();
        report("aggregated upload", start);
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(response.bodyAsString()).isEqualTo(SIZE + " " + crc(PAYLOAD));
    }

    @Test
    void downloadsAStreamedResponse() throws Exception {
        long start = System.nanoTime();
        StreamedResponse response = client.get(url("/chunks")).sendStreamed();
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_3);
        CRC32 crc = new CRC32();
        long read = 0;
        try (InputStream body = response.bodyAsInputStream()) {
            byte[] buffer = new byte[CHUNK];
            int n;
            while ((n = body.read(buffer)) >= 0) {
                crc.update(buffer, 0, n);
                read += n;
            }
        }
        report("streamed download", start);
        assertThat(read).isEqualTo(SIZE);
        assertThat(crc.getValue()).isEqualTo(crc(PAYLOAD));
    }

    @Test
    void downloadsAnAggregatedResponse() {
        long start = System.nanoTime();
        HttpResponse response = client.get(url("/whole")).send();
        report("aggregated download", start);
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_3);
        assertThat(response.bodyAsBytes()).isEqualTo(PAYLOAD);
    }

    @Test
    void streamsAResponseWrittenInChunksToAnAggregatingCaller() {
        long start = System.nanoTime();
        HttpResponse response = client.get(url("/chunks")).send();
        report("chunked download, aggregated", start);
        assertThat(response.bodyAsBytes()).isEqualTo(PAYLOAD);
    }

    private static void report(String what, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf(Locale.ROOT, "HTTP/3 %s of %d MiB: %.2f s, %.1f MB/s%n", what, SIZE >> 20, seconds,
                SIZE / 1e6 / seconds);
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    private static byte[] payload() {
        byte[] bytes = new byte[SIZE];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + (i >>> 13));
        }
        return bytes;
    }

    /**
     * {@code POST /count}: the body streamed in, answered with its length and CRC-32; {@code GET /whole}: the payload
     * in one buffer; {@code GET /chunks}: the payload in 16 KiB writes, each after the previous one was taken.
     */
    private static final class Routes implements HttpHandler {

        @Override
        public BodyMode bodyMode(ServerRequest request) {
            return request.path().equals("/count") ? BodyMode.STREAM : BodyMode.AGGREGATE;
        }

        @Override
        public void handle(ServerRequest request) {
            switch (request.path()) {
                case "/count" -> count(request);
                case "/whole" -> request.response().send(PAYLOAD);
                case "/chunks" -> writeFrom(request.response(), 0);
                default -> request.response().status(404).send();
            }
        }

        private static void count(ServerRequest request) {
            CRC32 crc = new CRC32();
            long[] length = {0};
            request.stream(new BodyListener() {
                @Override
                public void onData(ByteBuf chunk) {
                    length[0] += chunk.readableBytes();
                    crc.update(chunk.nioBuffer());
                }

                @Override
                public void onEnd(Headers trailers) {
                    request.response().send(length[0] + " " + crc.getValue());
                }
            });
        }

        private static void writeFrom(ServerResponse response, int offset) {
            if (offset >= SIZE) {
                response.end();
                return;
            }
            response.write(Arrays.copyOfRange(PAYLOAD, offset, offset + CHUNK))
                    .thenRun(() -> writeFrom(response, offset + CHUNK));
        }
    }
}
