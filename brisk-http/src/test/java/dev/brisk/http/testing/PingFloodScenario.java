package dev.brisk.http.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@link PingFlooder} against one server, with a well-behaved client checking meanwhile that others are served.
 * Passes when the server stops reading the flooder well before its quota, serves an HTTP request and a WebSocket echo
 * during the flood, once the flooder is held back and after it left, and closes the flooder itself once its output
 * makes no progress (give the server a short write timeout). Run it with leak detection below paranoid, or a server
 * that reads everything may be too slow to show it.
 */
public final class PingFloodScenario {

    private static final long MIB = 1024 * 1024;
    /** What the flooder may send; a server reading everything would queue about as many bytes of pongs. */
    private static final long QUOTA = 256 * MIB;
    /**
     * What it may get through when the server holds it back: the kernel's socket buffers on both sides (the server's
     * receive buffer alone may grow to 32 MiB on Linux) plus the server's outbound limit.
     */
    private static final long BOUND = 64 * MIB;
    /** How long the flooder's socket must take nothing for the flood to count as held back. */
    private static final Duration STALL = Duration.ofSeconds(1);

    private PingFloodScenario() {
    }

    /**
     * Floods {@code wsPath} on {@code port}, checking meanwhile that {@code httpPath} answers 200 and {@code wsPath}
     * echoes for others; returns what was measured.
     */
    public static String run(int port, String wsPath, String httpPath) throws Exception {
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        long peak = before.netty();
        List<Integer> statuses = new ArrayList<>();
        List<String> echoes = new ArrayList<>();
        boolean heldBack;
        long sent;
        try (PingFlooder flooder = PingFlooder.start(port, wsPath, "Accept-Encoding: gzip, deflate, br\r\n", QUOTA)) {
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
