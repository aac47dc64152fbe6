package dev.brisk.http.reliability;

import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2Frames.Frame;
import dev.brisk.http.testing.H2RawConnection;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.transport.TlsOptions;
import io.netty.handler.codec.http2.Http2Error;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every phase of a connection has a deadline, checked through real sockets with 300 ms timeouts: protocol detection
 * and the TLS handshake, the first request head, a request body, a response the peer does not read, and the HTTP/2
 * SETTINGS acknowledgement. Each close must come no earlier than the deadline (less timer slack) and no later than
 * the deadline plus {@link #SLACK}.

 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class TimeoutsTest {

    private static final Duration TIMEOUT = Duration.ofMillis(300);
    /** Scheduling on a busy 2-core CI box: how late a close may come. */
    private static final Duration SLACK = Duration.ofSeconds(2);
    private static final Duration LIMIT = TIMEOUT.plus(SLACK);
    private static final String AREA = "deadlines";

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.closeNow();
        }
    }

    private static HttpServer.Builder builder() {
        return HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1))
                .handler(request -> request.response().send("ok"));
    }

    // ---- before the first request -------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"HTTP/1.1 only", "h2c enabled"})
    void connectionThatSendsNothingIsClosed(String variant) throws Exception {
        Http2Options http2 = variant.equals("h2c enabled") ? Http2Options.DEFAULT : Http2Options.DISABLED;
        server = builder().options(o -> o.http2(http2).headerReadTimeout(TIMEOUT)).start();
        try (Socket socket = connect(server.port())) {
            Closed closed = awaitClose(socket, System.nanoTime());
            assertThat(closed.received()).satisfiesAnyOf(
                    text -> assertThat(text).isEmpty(), text -> assertThat(text).startsWith("HTTP/1.1 408"));
            record("connectionThatSendsNothingIsClosed[" + variant + "]",
                    "a connection that sends no byte is closed after headerReadTimeout, counted from accept ("
                            + variant + ")", closed);
        }
    }

    @Test
    void partialHttp2PrefaceIsClosed() throws Exception {
        server = builder().options(o -> o.headerReadTimeout(TIMEOUT)).start();
        try (Socket socket = connect(server.port())) {
            socket.getOutputStream().write("PRI * HTTP/2.0\r\n".getBytes(StandardCharsets.US_ASCII));
            Closed closed = awaitClose(socket, System.nanoTime());
            assertThat(closed.received()).isEmpty();
            record("partialHttp2PrefaceIsClosed", "16 of the 24 bytes of the HTTP/2 preface, then silence: closed "
                    + "after headerReadTimeout", closed);
        }
    }

    @Test
    void tlsConnectionWithoutHandshakeIsClosed() throws Exception {
        HttpServer.Builder builder = builder().tls(TlsOptions.selfSigned());
        server = builder.options(o -> o.handshakeTimeout(TIMEOUT)).start();
        try (Socket socket = connect(server.port())) {
            Closed closed = awaitClose(socket, System.nanoTime());
            assertThat(closed.received()).isEmpty();
            record("tlsConnectionWithoutHandshakeIsClosed", "a TLS connection whose client never sends a "
                    + "ClientHello is closed after handshakeTimeout", closed);
        }
    }

    // ---- HTTP/1.1 request heads and bodies ------------------------------------------------------------------------

    @Test
    void partialRequestHeadGets408ThenClose() throws Exception {
        server = builder().options(o -> o.headerReadTimeout(TIMEOUT)).start();
        try (Socket socket = connect(server.port())) {
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
            Closed closed = awaitClose(socket, System.nanoTime());
            assertThat(closed.received()).startsWith("HTTP/1.1 408 ");
            record("partialRequestHeadGets408ThenClose", "a request head cut off after its Host line gets 408, then "
                    + "the connection is closed (headerReadTimeout)", closed);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"content-length", "chunked"})
    void stalledBodyGets408ThenClose(String framing) throws Exception {
        server = builder().options(o -> o.bodyReadTimeout(TIMEOUT)).start();
        String request = framing.equals("chunked")
                ? "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\na\r\n0123456789\r\n5\r\n01"
                : "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789";
        try (Socket socket = connect(server.port())) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            Closed closed = awaitClose(socket, System.nanoTime());
            assertThat(closed.received()).startsWith("HTTP/1.1 408 ");
            record("stalledBodyGets408ThenClose[" + framing + "]", "a " + framing + " request body that stops half "
                    + "way gets 408, then the connection is closed (bodyReadTimeout)", closed);
        }
    }

    // ---- responses the peer does not read ---------------------------------------------------------------------------

    @Test
    void peerThatNeverReadsIsClosedAfterWriteTimeout() throws Exception {
        CompletableFuture<CompletionStage<Void>> completion = new CompletableFuture<>();
        AtomicInteger chunks = new AtomicInteger();
        HttpServer.Builder builder = builder().handler(request -> {
            completion.complete(request.response().completion());
            new EndlessBody(request.response(), chunks).pump();
        });
        server = builder.options(o -> o.writeTimeout(TIMEOUT)).start();
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(16 * 1024);
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
            socket.getOutputStream().write("GET /large HTTP/1.1\r\nHost: x\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            long start = System.nanoTime();
            CompletionStage<Void> done = completion.get(5, TimeUnit.SECONDS);
            long deadline = start + LIMIT.toNanos();
            while (server.metrics().openConnections() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            assertThat(server.metrics().openConnections()).as("connections open %s after the request", elapsed)
                    .isZero();
            assertThat(elapsed).isGreaterThanOrEqualTo(TIMEOUT.multipliedBy(8).dividedBy(10));
            assertThat(done.toCompletableFuture()).isCompletedExceptionally();
            ReliabilityReport.record(AREA, "TimeoutsTest.peerThatNeverReadsIsClosedAfterWriteTimeout",
                    "a peer that stops reading a large response (receive buffer 16 KiB) is disconnected after "
                            + "writeTimeout and the response fails",
                    String.format("timeout %d ms, closed after %d ms, %d KiB handed to the connection",
                            TIMEOUT.toMillis(), elapsed.toMillis(), chunks.get() * EndlessBody.CHUNK / 1024));
        }
    }

    // ---- HTTP/2 ---------------------------------------------------------------------------------------------------

    @Test
    void stalledHttp2StreamIsResetWhileOtherStreamsWork() throws Exception {
        server = builder().options(o -> o.bodyReadTimeout(TIMEOUT)).start();
        try (H2RawConnection h2 = new H2RawConnection(server.port())) {
            h2.preface();
            assertThat(h2.await(f -> f.type() == H2Frames.SETTINGS && !f.has(H2Frames.FLAG_ACK),
                    Duration.ofSeconds(5))).isNotNull();
            h2.settingsAck()
                    .headers(1, "POST", "/upload", false, "content-length", "100")
                    .data(1, "0123456789".getBytes(StandardCharsets.US_ASCII), false)
                    .flush();
            long start = System.nanoTime();
            h2.headers(3, "GET", "/before", true);
            assertThat(responseStatus(h2, 3)).isEqualTo(200);

            Frame stalled = h2.await(f -> f.streamId() == 1 || f.type() == H2Frames.GOAWAY, LIMIT);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            assertThat(stalled).as("connection closed instead of the stream").isNotNull();
            assertThat(stalled.type()).as("%s", stalled).isNotEqualTo(H2Frames.GOAWAY);
            assertThat(stalled).as("stream 1 reset or answered 408").satisfiesAnyOf(
                    f -> assertThat(f.type()).isEqualTo(H2Frames.RST_STREAM),
                    f -> assertThat(f.status()).isEqualTo("408"));
            assertThat(elapsed).isGreaterThanOrEqualTo(TIMEOUT.multipliedBy(8).dividedBy(10));

            h2.headers(5, "GET", "/after", true);
            assertThat(responseStatus(h2, 5)).isEqualTo(200);
            ReliabilityReport.record(AREA, "TimeoutsTest.stalledHttp2StreamIsResetWhileOtherStreamsWork",
                    "an HTTP/2 request body that stops half way gets its stream reset (or 408) after bodyReadTimeout "
                            + "while other streams of the connection are served before and after",
                    String.format("timeout %d ms, stream answered after %d ms with %s", TIMEOUT.toMillis(),
                            elapsed.toMillis(), stalled.type() == H2Frames.RST_STREAM
                                    ? "RST_STREAM error " + stalled.errorCode() : ":status " + stalled.status()));
        }
    }

    @Test
    void unacknowledgedSettingsGetGoawaySettingsTimeout() throws Exception {
        server = builder().options(o -> o.settingsAckTimeout(TIMEOUT)).start();
        try (H2RawConnection h2 = new H2RawConnection(server.port())) {
            h2.preface().flush();
            long start = System.nanoTime();
            Frame goaway = h2.await(f -> f.type() == H2Frames.GOAWAY, LIMIT);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            assertThat(goaway).as("GOAWAY before the close").isNotNull();
            assertThat(goaway.errorCode()).isEqualTo(Http2Error.SETTINGS_TIMEOUT.code());
            assertThat(elapsed).isGreaterThanOrEqualTo(TIMEOUT.multipliedBy(8).dividedBy(10));
            assertThat(h2.awaitClose(SLACK)).as("closed after the GOAWAY").isTrue();
            ReliabilityReport.record(AREA, "TimeoutsTest.unacknowledgedSettingsGetGoawaySettingsTimeout",
                    "an HTTP/2 client that never acknowledges the server's SETTINGS gets GOAWAY SETTINGS_TIMEOUT "
                            + "and is closed after settingsAckTimeout",
                    String.format("timeout %d ms, GOAWAY(0x%x) after %d ms, then closed", TIMEOUT.toMillis(),
                            goaway.errorCode(), elapsed.toMillis()));
        }
    }

    @Test
    void streamLimitHoldsBeforeSettingsAreAcknowledged() throws Exception {
        List<ServerResponse> held = new CopyOnWriteArrayList<>();
        server = builder().handler(request -> held.add(request.response())).start();
        long limit = server.options().http2().maxConcurrentStreams();
        int opened = 200;
        try (H2RawConnection h2 = new H2RawConnection(server.port())) {
            h2.preface();
            for (int i = 0; i < opened; i++) {
                h2.headers(2 * i + 1, "GET", "/held/" + i, true);
            }
            h2.flush();
            int refused = 0;
            int otherResets = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (held.size() + refused + otherResets < opened && System.nanoTime() < deadline) {
                Frame frame;
                try {
                    frame = h2.read(Duration.ofMillis(100));
                } catch (SocketTimeoutException quiet) {
                    continue;
                }
                assertThat(frame).as("connection closed").isNotNull();
                assertThat(frame.type()).as("%s", frame).isNotEqualTo(H2Frames.GOAWAY);
                if (frame.type() == H2Frames.RST_STREAM) {
                    if (frame.errorCode() == Http2Error.REFUSED_STREAM.code()) {
                        refused++;
                    } else {
                        otherResets++;
                    }
                }
            }
            int accepted = held.size();
            assertThat(accepted).as("streams handed to the handler").isLessThanOrEqualTo((int) limit);
            assertThat(refused).as("streams refused with REFUSED_STREAM").isEqualTo(opened - accepted);
            assertThat(otherResets).isZero();
            ReliabilityReport.record(AREA, "TimeoutsTest.streamLimitHoldsBeforeSettingsAreAcknowledged",
                    "a client that has not acknowledged SETTINGS still cannot open more than maxConcurrentStreams "
                            + "streams: the rest are refused",
                    String.format("%d streams opened at once, %d accepted (limit %d), %d refused with "
                            + "REFUSED_STREAM", opened, accepted, limit, refused));
        }
    }

    // ---- helpers --------------------------------------------------------------------------------------------------

    /** The status of the response on {@code streamId}, reading until its HEADERS arrive. */
    private static int responseStatus(H2RawConnection h2, int streamId) throws IOException {
        Frame headers = h2.await(f -> f.streamId() == streamId || f.type() == H2Frames.GOAWAY,
                Duration.ofSeconds(5));
        assertThat(headers).as("connection closed before stream %d was answered", streamId).isNotNull();
        assertThat(headers.type()).as("%s", headers).isEqualTo(H2Frames.HEADERS);
        return Integer.parseInt(headers.status());
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setTcpNoDelay(true);
        return socket;
    }

    /** When the server closed the connection, counted from the test's last action, and what it sent before. */
    private record Closed(Duration after, String received) {
    }

    /**
     * Reads until the server closes the connection and checks the close came between 80 % of {@link #TIMEOUT} and
     * {@link #LIMIT} after {@code startNanos}.
     */
    private static Closed awaitClose(Socket socket, long startNanos) throws IOException {
        long deadline = startNanos + LIMIT.toNanos();
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("connection still open " + LIMIT.toMillis() + " ms after the test's last "
                        + "action; received: " + received.toString(StandardCharsets.ISO_8859_1));
            }
            socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            int read;
            try {
                read = in.read(buffer);
            } catch (SocketTimeoutException e) {
                continue;
            } catch (SocketException reset) {
                read = -1;
            }
            if (read < 0) {
                Duration after = Duration.ofNanos(System.nanoTime() - startNanos);
                assertThat(after).as("closed before the deadline").isGreaterThanOrEqualTo(
                        TIMEOUT.multipliedBy(8).dividedBy(10));
                return new Closed(after, received.toString(StandardCharsets.ISO_8859_1));
            }
            received.write(buffer, 0, read);
        }
    }

    private static void record(String test, String proves, Closed closed) {
        String received = closed.received();
        String answer = received.isEmpty() ? "no bytes"
                : received.substring(0, received.contains("\r") ? received.indexOf('\r') : received.length());
        ReliabilityReport.record(AREA, "TimeoutsTest." + test, proves, String.format(
                "timeout %d ms, closed after %d ms (bound %d ms), answer: %s", TIMEOUT.toMillis(),
                closed.after().toMillis(), LIMIT.toMillis(), answer));
    }

    /** Streams 64 KiB chunks, each after the previous write's stage completed, until a write fails. */
    private static final class EndlessBody {
        static final int CHUNK = 64 * 1024;
        private static final byte[] BYTES = new byte[CHUNK];
        private static final int MAX_CHUNKS = 16 * 1024;

        private final ServerResponse response;
        private final AtomicInteger chunks;

        EndlessBody(ServerResponse response, AtomicInteger chunks) {
            this.response = response;
            this.chunks = chunks;
        }

        /** Loops while stages are complete already, so a fast connection does not nest calls. */
        void pump() {
            while (chunks.get() < MAX_CHUNKS) {
                CompletableFuture<Void> stage = response.write(BYTES).toCompletableFuture();
                chunks.incrementAndGet();
                if (stage.isCompletedExceptionally()) {
                    return;
                }
                if (!stage.isDone()) {
                    stage.whenComplete((v, e) -> {
                        if (e == null) {
                            pump();
                        }
                    });
                    return;
                }
            }
            response.end();
        }
    }
}
