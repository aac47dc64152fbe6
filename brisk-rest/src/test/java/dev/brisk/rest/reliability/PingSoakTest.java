package dev.brisk.rest.reliability;

import dev.brisk.http.testing.FloodSoak;
import dev.brisk.http.testing.Flooders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * WebSocket ping flood: two connections upgrade to WebSocket on a brisk-rest server with response compression on,
 * then send masked PING frames as fast as the server takes them and never read a byte, so every pong the server
 * answers stays with the server. The server, in its own JVM, must not queue pongs without bound (see {@link FloodSoak}
 * for what it is held to) while a normal HTTP client goes on calling it. Runs with the Maven profile
 * {@code reliability-long}, 60 s of flood ({@code -Dbrisk.flood.seconds=N} for shorter runs):
 * <pre>mvn -pl brisk-rest -am test -Preliability-long -Dtest=PingSoakTest -Dsurefire.failIfNoSpecifiedTests=false</pre>
 */
@EnabledIfSystemProperty(named = "brisk.reliability.long", matches = "true")
class PingSoakTest {

    private static final int PINGS_PER_WRITE = 64;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void serverSurvivesPingFlood() throws Exception {
        FloodSoak.Result result = new FloodSoak("ping", PingFloodServerMain.class, FloodSoak.http("/hello"),
                new PingFlood(), 2, FloodSoak.duration(Duration.ofSeconds(60))).run().print();
        result.assertSurvived();
        result.record("floods", "PingSoakTest.serverSurvivesPingFlood",
                "WebSocket PING frames (125-byte payloads) after the upgrade, on brisk-rest with compression on");
    }

    /** The upgrade request, as a browser would send it, then masked PING frames with the largest control payload. */
    private static final class PingFlood implements Flooders.Flood {

        private static final int PING = 0x9;
        private static final int MAX_CONTROL_PAYLOAD = 125;
        private static final byte[] MASK = {0x12, 0x34, 0x56, 0x78};
        private static final byte[] UPGRADE = ("GET " + PingFloodServerMain.ECHO + " HTTP/1.1\r\n"
                + "Host: localhost\r\n"
                + "Origin: http://localhost\r\n"
                + "Accept-Encoding: gzip, deflate, br\r\n"
                + "Upgrade: websocket\r\n"
                + "Connection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        private static final byte[] PINGS = pings();

        @Override
        public byte[] opening() {
            return UPGRADE;
        }

        @Override
        public byte[] piece(long index) {
            return PINGS;
        }

        /** FIN and opcode 9, the mask bit and the payload length, the masking key, the masked payload (RFC 6455 5.2). */
        private static byte[] pings() {
            ByteBuffer frames = ByteBuffer.allocate((2 + MASK.length + MAX_CONTROL_PAYLOAD) * PINGS_PER_WRITE);
            for (int i = 0; i < PINGS_PER_WRITE; i++) {
                frames.put((byte) (0x80 | PING)).put((byte) (0x80 | MAX_CONTROL_PAYLOAD)).put(MASK);
                for (int j = 0; j < MAX_CONTROL_PAYLOAD; j++) {
                    frames.put((byte) ('p' ^ MASK[j % MASK.length]));
                }
            }
            return frames.array();
        }
    }
}
