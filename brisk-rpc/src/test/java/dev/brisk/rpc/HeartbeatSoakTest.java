package dev.brisk.rpc;

import dev.brisk.http.testing.ChildServer;
import dev.brisk.http.testing.FloodSoak;
import dev.brisk.http.testing.Flooders;
import dev.brisk.http.testing.SampledLeakDetection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * RPC heartbeat flood: two connections send the client's hello, then heartbeat frames as fast as the server takes
 * them, and never read a byte, so every heartbeat the server answers stays with the server. The server, in its own JVM
 * with default options, must not queue answers without bound (see {@link FloodSoak} for what it is held to) while an
 * {@link RpcClient} goes on calling it. Runs with the Maven profile {@code reliability-long}, 60 s of flood
 * ({@code -Dbrisk.flood.seconds=N} for shorter runs):
 * <pre>mvn -pl brisk-rpc -am test -Preliability-long -Dtest=HeartbeatSoakTest -Dsurefire.failIfNoSpecifiedTests=false</pre>
 */
@EnabledIfSystemProperty(named = "brisk.reliability.long", matches = "true")
@SampledLeakDetection
class HeartbeatSoakTest {

    private static final int HEARTBEATS_PER_WRITE = 1000;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void serverSurvivesHeartbeatFlood() throws Exception {
        FloodSoak.Result result = new FloodSoak("heartbeat", FloodEchoServerMain.class, HeartbeatSoakTest::echoClient,
                new HeartbeatFlood(), 2, FloodSoak.duration(Duration.ofSeconds(60))).run().print();
        result.assertSurvived();
        result.record("floods", "HeartbeatSoakTest.serverSurvivesHeartbeatFlood",
                "RPC heartbeat frames after the hello");
    }

    /** A well-behaved client: one echo call per request, default options. */
    private static FloodSoak.Probe echoClient(ChildServer child) {
        RpcClient client = RpcClient.builder().addresses("127.0.0.1:" + child.port()).build();
        EchoService echo = client.proxy(EchoService.class);
        return new FloodSoak.Probe() {
            @Override
            public void call() {
                if (!"ping".equals(echo.text("ping"))) {
                    throw new IllegalStateException("the echo service answered something else");
                }
            }

            @Override
            public void close() {
                client.close();
            }
        };
    }

    /**
     * The frames as the protocol lays them out: {@code int length} (of what follows), {@code byte type}, {@code int
     * requestId}, then the body. The hello (type 7) carries the protocol version 1 and the serializer's name; a
     * heartbeat (type 4) nothing.
     */
    private static final class HeartbeatFlood implements Flooders.Flood {

        private static final byte HELLO = 7;
        private static final byte HEARTBEAT = 4;
        private static final byte[] HELLO_FRAME = hello();
        private static final byte[] HEARTBEATS = heartbeats();

        @Override
        public byte[] opening() {
            return HELLO_FRAME;
        }

        @Override
        public byte[] piece(long index) {
            return HEARTBEATS;
        }

        private static byte[] hello() {
            byte[] serializer = "fory".getBytes(StandardCharsets.UTF_8);
            ByteBuffer frame = ByteBuffer.allocate(4 + 1 + 4 + 4 + 4 + serializer.length);
            frame.putInt(frame.capacity() - 4).put(HELLO).putInt(0).putInt(1).putInt(serializer.length).put(serializer);
            return frame.array();
        }

        private static byte[] heartbeats() {
            ByteBuffer frames = ByteBuffer.allocate(9 * HEARTBEATS_PER_WRITE);
            for (int i = 0; i < HEARTBEATS_PER_WRITE; i++) {
                frames.putInt(5).put(HEARTBEAT).putInt(i);
            }
            return frames.array();
        }
    }
}
