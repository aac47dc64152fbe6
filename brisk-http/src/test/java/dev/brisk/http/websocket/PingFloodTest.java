package dev.brisk.http.websocket;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.MemoryProbe;
import dev.brisk.http.testing.PingFlooder;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.http.testing.ServedProbe;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A WebSocket client that sends pings as fast as it can and never reads a pong cannot make the server queue without
 * bound: the server stops reading it once the connection's outbound buffer is full, answers only the latest ping
 * meanwhile, keeps serving other clients, and closes the flooder when its output makes no progress for the write
 * timeout.
 */
class PingFloodTest {

    static final String AREA = "WebSocket attacks";
    private static final long MIB = 1024 * 1024;
    /** What the flooder may send; a server reading everything would queue about as many bytes of pongs. */
    static final long QUOTA = 256 * MIB;
    /**
     * What it may get through when the server holds it back: the kernel's socket buffers on both sides (the server's
     * receive buffer alone may grow to 32 MiB on Linux) plus the server's outbound limit.
     */
    static final long BOUND = 64 * MIB;
    static final Duration STALL = Duration.ofSeconds(1);

    /** Paranoid leak detection slows every buffer access down enough to hide how fast a flood would grow. */
    @BeforeAll
    static void fasterBuffers() {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
    }

    @AfterAll
    static void paranoidBuffers() {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    }

    @Test
    @Timeout(120)
    void pingFloodIsHeldBackAndOthersAreServed() throws Exception {
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").ioThreads(1)
                .writeTimeout(Duration.ofSeconds(2))
                .webSocket("/echo", new EchoEndpoint())
                .handler(request -> request.response().send("plain"))
                .start()) {
            String measured = floodAndCheck(server.port(), "/echo", "/plain");
            ReliabilityReport.record(AREA, "PingFloodTest.pingFloodIsHeldBackAndOthersAreServed",
                    "a client flooding pings and never reading pongs is no longer read once the server's outbound "
                            + "buffer is full (one pending pong, the latest), so the server's memory stays bounded; "
                            + "an HTTP client and another WebSocket are served throughout, and the flooder is "
                            + "closed once its output makes no progress for the write timeout",
                    measured);
        }
    }

    /**
     * Floods {@code wsPath} on {@code port}, checking meanwhile that {@code httpPath} answers 200 and {@code wsPath}
     * echoes for others; returns what was measured.
     */
    static String floodAndCheck(int port, String wsPath, String httpPath) throws Exception {
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        long peak = before.netty();
        List<Integer> statuses = new ArrayList<>();
        List<String> echoes = new ArrayList<>();
        boolean heldBack;
        long sent;
        try (PingFlooder flooder = PingFlooder.start(port, wsPath, "", QUOTA)) {
            statuses.add(ServedProbe.httpStatus(port, httpPath));
            echoes.add(ServedProbe.webSocketEcho(port, wsPath, "during"));
            heldBack = flooder.awaitHeldBack(STALL);
            sent = flooder.sent();
            peak = Math.max(peak, MemoryProbe.now().netty());
            statuses.add(ServedProbe.httpStatus(port, httpPath));
            echoes.add(ServedProbe.webSocketEcho(port, wsPath, "held"));
            assertThat(heldBack).as("the server stopped reading the flooder before its %d MiB (sent %.1f MiB)",
                    QUOTA / MIB, MemoryProbe.mib(sent)).isTrue();
            assertThat(sent).as("bytes of pings the server took").isLessThan(BOUND);
            assertThat(flooder.awaitClosedByServer(Duration.ofSeconds(30)))
                    .as("the server closed the flooder whose output stalled").isTrue();
        }
        statuses.add(ServedProbe.httpStatus(port, httpPath));
        echoes.add(ServedProbe.webSocketEcho(port, wsPath, "after"));
        assertThat(statuses).containsOnly(200);
        assertThat(echoes).containsExactly("during", "held", "after");
        return String.format("the flooder sent %.1f MiB of pings before the server stopped reading it (quota %d MiB,"
                        + " bound %d MiB); Netty memory +%.1f MiB; 3 HTTP requests and 3 WebSocket echoes of other "
                        + "clients served", MemoryProbe.mib(sent), QUOTA / MIB, BOUND / MIB,
                MemoryProbe.mib(peak - before.netty()));
    }
}
