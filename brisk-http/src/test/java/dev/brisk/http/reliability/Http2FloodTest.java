package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.H2Frames.Frame;
import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2RawConnection;
import dev.brisk.http.testing.MemoryProbe;
import dev.brisk.http.testing.RawH2Frames;
import dev.brisk.http.testing.ReliabilityReport;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import java.net.SocketTimeoutException;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * HTTP/2 frame floods (h2c by prior knowledge): control frames the server must answer, sent by a client that never
 * reads the answers; rapid reset (CVE-2023-44487); header blocks continued without end (CVE-2024-27316 family); empty
 * DATA frames; WINDOW_UPDATE frames. Each must end with the attacking connection closed, or nothing queued, while the
 * server's memory stays bounded and another client is served.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2FloodTest {

    private static final String AREA = "HTTP/2 attacks";
    private static final long MIB = 1024 * 1024;
    /** Growth of the server's Netty buffers any flood may cause. */
    private static final long MEMORY_BOUND = 16 * MIB;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private static HttpServer server;
    private static final AtomicInteger calls = new AtomicInteger();

    @BeforeAll
    static void start() {
        // a write timeout far beyond the tests: a connection is closed for its flood, not for stalling
        server = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1)
                .writeTimeout(Duration.ofMinutes(10)))
                .handler(request -> {
                    calls.incrementAndGet();
                    if (request.path().equals("/big")) {
                        request.response().send(new byte[4 * 1024 * 1024]);
                    } else {
                        request.response().send("ok");
                    }
                }).start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.closeNow();
        }
    }

    /**
     * Every PING and SETTINGS frame is answered with an ACK; a client that sends them without reading makes those
     * answers pile up. Netty's limit on queued control frames (10,000) closes such a connection.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"PING", "SETTINGS"})
    void controlFrameFloodFromANonReader(String kind) throws Exception {
        // Hundreds of thousands of answers are allocated before the limit is reached (the kernel's socket buffers
        // take the first ones): at PARANOID the leak detector's stack traces would dominate the run. Leaks are still
        // sampled, and the rest of the class runs at PARANOID.
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
        try {
            flood(kind);
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }

    private void flood(String kind) throws Exception {
        byte[] frame = kind.equals("PING") ? H2Frames.ping(false, new byte[8]) : H2Frames.settings(Map.of());
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        long peak = before.netty();
        long sent = 0;
        boolean closed = false;
        long quota = 256 * MIB;
        byte[] batch = repeat(frame, 64 * 1024 / frame.length);
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
            OutputStream out = socket.getOutputStream();
            out.write(preface());
            try {
                while (sent < quota) {
                    out.write(batch);
                    sent += batch.length;
                    if (sent % (4 * MIB) < batch.length) {
                        peak = Math.max(peak, MemoryProbe.now().netty());
                    }
                }
            } catch (IOException e) {
                closed = true;
            }
        }
        long frames = sent / frame.length;
        assertThat(closed).as("the server closed the connection after %d %s frames", frames, kind).isTrue();
        assertThat(peak - before.netty()).as("growth of the server's Netty buffers").isLessThanOrEqualTo(MEMORY_BOUND);
        assertThat(servedOnAnotherConnection()).isEqualTo("200");
        ReliabilityReport.record(AREA, "Http2FloodTest.controlFrameFloodFromANonReader[" + kind + "]",
                "a client that floods " + kind + " frames and never reads the ACKs is closed once 10,000 answers are "
                        + "queued (Netty's control frame limit); server memory stays bounded, others are served",
                String.format("closed after %d frames (%.1f MiB) sent; Netty memory +%.1f MiB (bound %d MiB)", frames,
                        MemoryProbe.mib(sent), MemoryProbe.mib(peak - before.netty()), MEMORY_BOUND / MIB));
    }

    /**
     * A connection error (here DATA on stream 0) from a peer that does not read: the GOAWAY cannot be written, and the
     * connection, which would be kept until it is, is closed at once instead of being read on until the write timeout.
     */
    @Test
    void connectionErrorClosesAPeerThatDoesNotRead() throws Exception {
        long sent = 0;
        boolean closed = false;
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
            OutputStream out = socket.getOutputStream();
            out.write(preface());
            // a 4 MiB response the client lets flow (windows wide open) and never reads: the server's socket fills
            out.write(H2Frames.settings(Map.of(0x4, (long) Integer.MAX_VALUE)));
            out.write(H2Frames.encode(H2Frames.WINDOW_UPDATE, 0, 0, new byte[] {0x7F, 0, 0, 0}));
            out.write(new H2Frames().headers(1, H2Frames.request("GET", "/big"), true));
            out.flush();
            Thread.sleep(500);
            out.write(H2Frames.encode(H2Frames.DATA, 0, 0, new byte[8])); // PROTOCOL_ERROR on the connection
            byte[] batch = repeat(H2Frames.encode(H2Frames.WINDOW_UPDATE, 0, 0, new byte[] {0, 0, 0, 1}), 4096);
            try {
                while (sent < 64 * MIB) {
                    out.write(batch);
                    sent += batch.length;
                }
            } catch (IOException e) {
                closed = true;
            }
        }
        assertThat(closed).as("the server closed the connection (client sent %d bytes after the error)", sent)
                .isTrue();
        assertThat(servedOnAnotherConnection()).isEqualTo("200");
        ReliabilityReport.record(AREA, "Http2FloodTest.connectionErrorClosesAPeerThatDoesNotRead",
                "a connection error from a peer that does not read (its GOAWAY cannot be written) closes the "
                        + "connection at once, rather than reading it on until the write timeout",
                String.format("closed after the client sent %.2f MiB more; write timeout 10 min",
                        MemoryProbe.mib(sent)));
    }

    /** Rapid reset: a stream opened and cancelled at once, over and over, never running into the stream limit. */
    @Test
    void rapidReset() throws Exception {
        int streams = 5000;
        int callsBefore = calls.get();
        Frame goAway;
        try (H2RawConnection h2 = new H2RawConnection(server.port()).preface().settingsAck()) {
            for (int i = 0; i < streams; i++) {
                int id = 1 + 2 * i;
                h2.headers(id, "GET", "/", true);
                h2.frame(H2Frames.RST_STREAM, 0, id, new byte[] {0, 0, 0, 0x8}); // CANCEL
            }
            goAway = h2.await(frame -> frame.type() == H2Frames.GOAWAY, WAIT);
        }
        int handled = calls.get() - callsBefore;
        assertThat(goAway).as("GOAWAY").isNotNull();
        assertThat(goAway.errorCode()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM.code());
        assertThat(handled).as("requests that reached the handler").isLessThanOrEqualTo(300);
        assertThat(servedOnAnotherConnection()).isEqualTo("200");
        ReliabilityReport.record(AREA, "Http2FloodTest.rapidReset",
                "rapid reset (CVE-2023-44487): a client opening and resetting streams at once gets GOAWAY"
                        + "(ENHANCE_YOUR_CALM) after 200 resets (Netty's limit per 30 s), others are served",
                String.format("%d streams opened and reset; GOAWAY(ENHANCE_YOUR_CALM) last stream %d; %d reached "
                        + "the handler", streams, goAway.lastStreamId(), handled));
    }

    /**
     * CONTINUATION flood: a header block that never ends, in frames of header bytes (the header list limit holds across
     * them) or in empty frames (which add nothing to count against it).
     */
    @ParameterizedTest(name = "{0}-byte frames")
    @ValueSource(ints = {1024, 0})
    void continuationFlood(int frameSize) throws Exception {
        int frames = 100_000;
        int callsBefore = calls.get();
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        byte[] fragment = literalFields(frameSize);
        Frame goAway;
        int sent = 0;
        try (H2RawConnection h2 = new H2RawConnection(server.port()).preface().settingsAck()) {
            h2.frame(H2Frames.HEADERS, 0, 1, literalFields(64)); // no END_HEADERS
            try {
                for (; sent < frames; sent++) {
                    h2.frame(H2Frames.CONTINUATION, 0, 1, fragment);
                }
                h2.flush();
            } catch (IOException closedByServer) {
                // expected once the server gave up on the connection
            }
            // a timeout here (SocketTimeoutException) would mean the connection is still open
            goAway = h2.await(frame -> frame.type() == H2Frames.GOAWAY, WAIT);
        } catch (SocketTimeoutException stillOpen) {
            throw new AssertionError("the connection is still open after " + sent + " CONTINUATION frames",
                    stillOpen);
        } catch (IOException resetBeforeGoAwayWasRead) {
            goAway = null;
        }
        long growth = MemoryProbe.now().netty() - before.netty();
        assertThat(calls.get() - callsBefore).as("requests that reached the handler").isZero();
        assertThat(growth).as("growth of the server's Netty buffers").isLessThanOrEqualTo(MEMORY_BOUND);
        assertThat(servedOnAnotherConnection()).isEqualTo("200");
        ReliabilityReport.record(AREA, "Http2FloodTest.continuationFlood[" + frameSize + "]",
                "a header block continued without end in " + frameSize + "-byte CONTINUATION frames is a connection "
                        + "error before it is complete (header list limit 8 KiB across frames, at most 16 small "
                        + "frames): nothing reaches the handler, memory stays bounded",
                String.format("server closed after the client sent %d of %d frames; GOAWAY %s; Netty memory "
                        + "+%.1f MiB", sent, frames, goAway == null ? "not read (connection reset)"
                        : Http2Error.valueOf(goAway.errorCode()), MemoryProbe.mib(growth)));
    }

    /** Empty DATA frames cost the server work and move nothing: Netty allows two in a row. */
    @Test
    void emptyDataFlood() throws Exception {
        Frame goAway;
        try (H2RawConnection h2 = new H2RawConnection(server.port()).preface().settingsAck()) {
            h2.headers(1, "POST", "/", false);
            for (int i = 0; i < 1000; i++) {
                h2.data(1, new byte[0], false);
            }
            goAway = h2.await(frame -> frame.type() == H2Frames.GOAWAY, WAIT);
        }
        assertThat(goAway).as("GOAWAY").isNotNull();
        assertThat(servedOnAnotherConnection()).isEqualTo("200");
        ReliabilityReport.record(AREA, "Http2FloodTest.emptyDataFlood",
                "a flood of empty DATA frames is a connection error after the second in a row (Netty's limit)",
                "1000 empty DATA frames sent; GOAWAY(" + Http2Error.valueOf(goAway.errorCode()) + ")");
    }

    /** WINDOW_UPDATE frames are absorbed without any answer: nothing queues, and the connection stays usable. */
    @Test
    void windowUpdateFlood() throws Exception {
        int updates = 50_000;
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        Frame response;
        try (H2RawConnection h2 = new H2RawConnection(server.port()).preface().settingsAck()) {
            h2.headers(1, "GET", "/", true);
            h2.await(frame -> frame.type() == H2Frames.DATA && frame.endStream(), WAIT);
            for (int i = 0; i < updates; i++) {
                h2.frame(H2Frames.WINDOW_UPDATE, 0, i % 2 == 0 ? 0 : 1, new byte[] {0, 0, 0, 1});
            }
            h2.headers(3, "GET", "/", true);
            response = h2.await(frame -> frame.type() == H2Frames.HEADERS && frame.streamId() == 3, WAIT);
        }
        long growth = MemoryProbe.now().netty() - before.netty();
        assertThat(response).as("a request after the flood, same connection").isNotNull();
        assertThat(response.status()).isEqualTo("200");
        assertThat(growth).as("growth of the server's Netty buffers").isLessThanOrEqualTo(MEMORY_BOUND);
        ReliabilityReport.record(AREA, "Http2FloodTest.windowUpdateFlood",
                "a WINDOW_UPDATE flood queues nothing on the server: it is absorbed and the connection stays usable",
                String.format("%d WINDOW_UPDATE frames (connection and a closed stream); next request 200; Netty "
                        + "memory +%.1f MiB", updates, MemoryProbe.mib(growth)));
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    /** The status of a GET on a connection of its own. */
    private static String servedOnAnotherConnection() throws Exception {
        try (RawH2Frames other = new RawH2Frames(server.port()).handshake(true)) {
            other.headers(1, H2Frames.request("GET", "/other"), true);
            Frame head = other.await(H2Frames.HEADERS, 1, 5000);
            return head == null ? "none" : head.status();
        }
    }

    private static byte[] preface() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        bytes.writeBytes(H2Frames.settings(Map.of()));
        bytes.writeBytes(H2Frames.settingsAck());
        return bytes.toByteArray();
    }

    private static byte[] repeat(byte[] frame, int times) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(frame.length * times);
        for (int i = 0; i < times; i++) {
            bytes.writeBytes(frame);
        }
        return bytes.toByteArray();
    }

    /**
     * HPACK bytes of about {@code size} bytes: literal fields without indexing ({@code x-f: aaa...}), each complete,
     * so that any split between frames is valid; empty for 0.
     */
    private static byte[] literalFields(int size) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        if (size >= 64) {
            // the request's pseudo-headers first, as literals
            for (String[] field : new String[][] {{":method", "GET"}, {":scheme", "http"}, {":path", "/"},
                    {":authority", "localhost"}}) {
                literal(block, field[0], field[1]);
            }
        }
        while (block.size() + 104 <= size) {
            literal(block, "x-f", "a".repeat(96));
        }
        return block.toByteArray();
    }

    private static void literal(ByteArrayOutputStream block, String name, String value) {
        block.write(0x00);
        block.write(name.length());
        block.writeBytes(name.getBytes(StandardCharsets.US_ASCII));
        block.write(value.length());
        block.writeBytes(value.getBytes(StandardCharsets.US_ASCII));
    }
}
