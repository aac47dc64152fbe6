package dev.brisk.http.websocket;

import dev.brisk.http.HttpServer;
import dev.brisk.http.testing.PingFloodScenario;
import dev.brisk.http.testing.ReliabilityReport;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

/**
 * A WebSocket client that sends pings as fast as it can and never reads a pong cannot make the server queue without
 * bound: the server stops reading it once the connection's outbound buffer is full, answers only the latest ping
 * meanwhile, keeps serving other clients, and closes the flooder when its output makes no progress for the write
 * timeout.
 */
class PingFloodTest {

    static final String AREA = "WebSocket attacks";

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
