package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.MemoryProbe;
import dev.brisk.http.testing.RawH2Frames;
import dev.brisk.http.testing.ReliabilityReport;
import io.netty.handler.codec.http2.Http2Error;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import java.util.function.Consumer;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A peer that grants no flow-control window (SETTINGS_INITIAL_WINDOW_SIZE 0, no WINDOW_UPDATE) cannot make the server
 * hold more response data than the connection's buffer limit ({@code HttpLimits.maxConnectionBuffer}, 16 MiB by
 * default) plus one body: whole bodies beyond it are dropped and their streams reset with ENHANCE_YOUR_CALM, a streamed
 * writer that ignores backpressure is reset, and one that waits for its stream (files) holds one piece per stream.
 * Handlers answer from a worker pool, as framework handlers do, so that every request is admitted before any response
 * is queued.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http2QueueLimitTest {

    private static final String AREA = "HTTP/2 attacks";
    private static final long MIB = 1024 * 1024;
    private static final long LIMIT = 16 * MIB;
    private static final int STREAMS = 64;
    private static final int BODY = 4 * 1024 * 1024;

    private final ExecutorService workers = Executors.newFixedThreadPool(4);
    private HttpServer server;

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.close();
        }
        workers.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void inMemoryBodiesBeyondTheLimitAreResetUnderAZeroWindow() throws Exception {
        HeldBodies bodies = new HeldBodies(BODY);
        server = start(request -> {
            if (request.path().equals("/big")) {
                request.response().send(bodies.next());
            } else {
                request.response().send("small");
            }
        });
        long held;
        int heldStreams;
        long calmResets;
        long refused;
        try (ZeroWindowClient attacker = new ZeroWindowClient(server.port())) {
            attacker.get(STREAMS, "/big").await(STREAMS, 10_000);
            held = bodies.held();
            heldStreams = attacker.held();
            calmResets = attacker.resets(Http2Error.ENHANCE_YOUR_CALM.code());
            refused = attacker.resets(Http2Error.REFUSED_STREAM.code());

            assertThat(attacker.settled()).as("streams answered or reset; resets: %s", attacker.resets())
                    .isEqualTo(STREAMS);
            assertThat(held).as("response bytes the server holds for the zero-window client")
                    .isLessThanOrEqualTo(LIMIT + BODY);
            assertThat(calmResets + refused).as("streams reset beyond the limit")
                    .isGreaterThanOrEqualTo(STREAMS - (LIMIT + BODY) / BODY);
            assertThat(attacker.goAway()).as("the connection itself goes on").isNull();
            assertThat(server.metrics().bufferLimitRefusals()).isEqualTo(calmResets + refused);
            assertThat(smallGetOnAnotherConnection()).as("a second client meanwhile").isEqualTo("200");
        }
        long left = bodies.awaitReleased(5_000);
        assertThat(left).as("body bytes still held after the client left").isZero();
        ReliabilityReport.record(AREA, "Http2QueueLimitTest.inMemoryBodiesBeyondTheLimitAreResetUnderAZeroWindow",
                "a client granting no flow-control window to " + STREAMS + " streams answered with 4 MiB in-memory "
                        + "bodies makes the server hold at most the connection buffer limit plus one body; the "
                        + "other streams are reset, another client is served, and all is released when it leaves",
                String.format("%d streams: %d held (%d MiB; limit %d MiB), %d reset ENHANCE_YOUR_CALM, %d "
                                + "REFUSED_STREAM; after leaving: %d bytes held",
                        STREAMS, heldStreams, held / MIB, LIMIT / MIB, calmResets, refused,
                        left));
    }

    @Test
    void aStreamedWriterIgnoringBackpressureIsReset() throws Exception {
        int streams = 16;
        int chunk = 256 * 1024;
        int chunks = 64; // 16 MiB per stream
        HeldBodies pieces = new HeldBodies(chunk);
        server = start(request -> {
            if (!request.path().equals("/stream")) {
                request.response().send("small");
                return;
            }
            for (int i = 0; i < chunks; i++) {
                request.response().write(pieces.next()); // the returned stage is ignored
            }
            request.response().end();
        });
        long calmResets;
        long held;
        try (ZeroWindowClient attacker = new ZeroWindowClient(server.port())) {
            attacker.get(streams, "/stream").await(streams, 10_000);
            long deadline = System.currentTimeMillis() + 10_000;
            while (attacker.resets().size() < streams - 1 && System.currentTimeMillis() < deadline) {
                attacker.await(streams * 2, 200);
            }
            calmResets = attacker.resets(Http2Error.ENHANCE_YOUR_CALM.code());
            held = pieces.held();
            assertThat(held).as("streamed bytes the server holds for the zero-window client")
                    .isLessThanOrEqualTo(LIMIT + (long) streams * chunk);
            assertThat(calmResets).as("streams reset for queuing beyond the limit; resets: %s", attacker.resets())
                    .isGreaterThanOrEqualTo(streams - 1);
            assertThat(smallGetOnAnotherConnection()).as("a second client meanwhile").isEqualTo("200");
        }
        long left = pieces.awaitReleased(5_000);
        assertThat(left).as("bytes still held after the client left").isZero();
        ReliabilityReport.record(AREA, "Http2QueueLimitTest.aStreamedWriterIgnoringBackpressureIsReset",
                "handlers that stream 16 MiB each to a zero-window client without waiting for their writes are reset "
                        + "once the connection holds more than its buffer limit, and all is released when it leaves",
                String.format("%d streams x %d pieces of %d KiB: %.1f MiB held (limit %d MiB), %d reset "
                        + "ENHANCE_YOUR_CALM", streams, chunks, chunk / 1024, MemoryProbe.mib(held),
                        LIMIT / MIB, calmResets));
    }

    @Test
    void filesWaitForTheirStreamUnderAZeroWindow(@TempDir Path dir) throws Exception {
        int streams = 16;
        Path file = dir.resolve("big.bin");
        Files.write(file, new byte[8 * 1024 * 1024]);
        server = start(request -> {
            if (request.path().equals("/file")) {
                request.response().sendFile(file);
            } else {
                request.response().send("small");
            }
        });
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        long growth;
        try (ZeroWindowClient attacker = new ZeroWindowClient(server.port())) {
            attacker.get(streams, "/file").await(streams, 10_000);
            attacker.await(streams * 2, 500); // any reset that would follow
            growth = MemoryProbe.now().netty() - before.netty();
            assertThat(attacker.held()).as("file streams answered and never reset: %s", attacker.resets())
                    .isEqualTo(streams);
            assertThat(growth).as("Netty memory growth with %d streams of an 8 MiB file", streams)
                    .isLessThanOrEqualTo(LIMIT);
        }
        ReliabilityReport.record(AREA, "Http2QueueLimitTest.filesWaitForTheirStreamUnderAZeroWindow",
                "a file sent on a stream the peer grants no window reads no further than the piece the stream "
                        + "holds: files follow the stream's flow control, not only the socket's",
                String.format("%d streams of an 8 MiB file: Netty memory +%.1f MiB, no stream reset", streams,
                        MemoryProbe.mib(growth)));
    }

    private HttpServer start(Consumer<ServerRequest> answer) {
        return HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1))
                .handler(request -> workers.execute(() -> answer.accept(request))).start();
    }

    /** A GET on a connection of its own, with the usual windows: the status it got. */
    private String smallGetOnAnotherConnection() throws Exception {
        try (RawH2Frames other = new RawH2Frames(server.port()).handshake(true)) {
            other.frame(H2Frames.WINDOW_UPDATE, 0, 0, new byte[] {0, 0x10, 0, 0});
            other.headers(1, H2Frames.request("GET", "/small"), true);
            H2Frames.Frame head = other.await(H2Frames.HEADERS, 1, 5000);
            return head == null ? "none" : head.status();
        }
    }
}
