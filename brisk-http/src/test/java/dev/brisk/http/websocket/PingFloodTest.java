package dev.brisk.http.websocket;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.PingFloodScenario;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.http.testing.SampledLeakDetection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A WebSocket client that sends pings as fast as it can and never reads a pong cannot make the server queue without
 * bound: the server stops reading it once the connection's outbound buffer is full, answers only the latest ping
 * meanwhile, keeps serving other clients, and closes the flooder when its output makes no progress for the write
 * timeout.
 */
@SampledLeakDetection
class PingFloodTest {

    static final String AREA = "WebSocket attacks";

    /**
     * Pings sent while the client does not read are answered once it reads, each pong for a more recent ping than the
     * one before and the last for the last ping, with fewer pongs than pings: the pending pong was replaced.
     */
    @Test
    @Timeout(120)
    void pingsWhileThePeerDoesNotReadAreAnsweredWithTheLatest() throws Exception {
        int pings = 100_000;
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1")
                .webSocket("/echo", new EchoEndpoint()).start();
             RawWebSocket ws = RawWebSocket.openWithReceiveBuffer(server.port(), "/echo", 4096)) {
            AtomicInteger sent = new AtomicInteger();
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < pings; i++) {
                        ws.send(true, RawWebSocket.PING, payload(i));
                        sent.incrementAndGet();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, "pinger");
            writer.start();
            int last = -1;
            int stillFor = 0;
            while (writer.isAlive() && stillFor < 50) { // the server stops reading, or all pings are out
                int now = sent.get();
                stillFor = now == last ? stillFor + 1 : 0;
                last = now;
                Thread.sleep(20);
            }
            int pongs = 0;
            int previous = -1;
            while (previous < pings - 1) {
                RawWebSocket.Frame frame = ws.read();
                assertThat(frame.opcode()).isEqualTo(RawWebSocket.PONG);
                int answered = Integer.parseInt(frame.text().substring(0, 8));
                assertThat(answered).as("each pong answers a more recent ping").isGreaterThan(previous);
                previous = answered;
                pongs++;
            }
            writer.join();
            assertThat(pongs).as("pongs for %d pings", pings).isLessThan(pings);
            ReliabilityReport.record(AREA, "PingFloodTest.pingsWhileThePeerDoesNotReadAreAnsweredWithTheLatest",
                    "pings that arrive while a pong cannot be written are answered by one pong for the latest "
                            + "(RFC 6455, 5.5.3), not queued one by one",
                    String.format("%d pings of 125 bytes from a client with a 4 KiB receive buffer, %d pongs, the "
                            + "last for the last ping", pings, pongs));
        }
    }

    private static byte[] payload(int index) {
        return (String.format("%08d", index) + "p".repeat(117)).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    @Timeout(120)
    void pingFloodIsHeldBackAndOthersAreServed() throws Exception {
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.ioThreads(1)
                .writeTimeout(Duration.ofSeconds(2)))
                .webSocket("/echo", new EchoEndpoint())
                .handler(request -> request.response().send("plain"))
                .start()) {
            String measured = PingFloodScenario.run(server.port(), "/echo", "/plain");
            ReliabilityReport.record(AREA, "PingFloodTest.pingFloodIsHeldBackAndOthersAreServed",
                    "a client flooding pings and never reading pongs is no longer read once the server's outbound "
                            + "buffer is full (one pending pong, the latest), so the server's memory stays bounded; "
                            + "an HTTP client and another WebSocket are served throughout, and the flooder is "
                            + "closed once its output makes no progress for the write timeout",
                    measured);
        }
    }
}
