package dev.brisk.http.reliability;

import dev.brisk.http.testing.FloodSoak;
import dev.brisk.http.testing.Flooders;
import dev.brisk.http.testing.H2Frames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * HTTP/2 zero window: two h2c connections announce {@code SETTINGS_INITIAL_WINDOW_SIZE} 0, open 128 streams each
 * asking for a 4 MiB body, then never send a {@code WINDOW_UPDATE} and never read, so no byte of any body can be
 * sent. The server, in its own JVM, must not hold the bodies without bound (see {@link FloodSoak} for what it is held
 * to). Runs with the Maven profile {@code reliability-long}, 60 s of flood ({@code -Dbrisk.flood.seconds=N} for
 * shorter runs):
 * <pre>mvn -pl brisk-http -am test -Preliability-long -Dtest=ZeroWindowSoakTest -Dsurefire.failIfNoSpecifiedTests=false</pre>
 */
@EnabledIfSystemProperty(named = "brisk.reliability.long", matches = "true")
class ZeroWindowSoakTest {

    private static final int STREAMS_PER_CONNECTION = 128;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void serverSurvivesZeroWindowStreams() throws Exception {
        FloodSoak.Result result = new FloodSoak("zero-window", ZeroWindowServerMain.class, FloodSoak.http("/hello"),
                new ZeroWindowFlood(), 2, FloodSoak.duration(Duration.ofSeconds(60))).run().print();
        result.assertSurvived();
        result.record("floods", "ZeroWindowSoakTest.serverSurvivesZeroWindowStreams",
                "h2c streams asking for 4 MiB bodies with an initial window of 0 (" + STREAMS_PER_CONNECTION
                        + " per connection)");
    }

    /** Preface, SETTINGS with an initial window of 0, then one HEADERS frame per stream, each a GET of the big body. */
    private static final class ZeroWindowFlood implements Flooders.Flood {

        private static final int INITIAL_WINDOW_SIZE = 0x4;
        private static final byte[] OPENING = prefaceAndSettings();

        @Override
        public byte[] opening() {
            return OPENING;
        }

        @Override
        public byte[] piece(long index) {
            if (index >= STREAMS_PER_CONNECTION) {
                return null;
            }
            return H2Frames.encode(H2Frames.HEADERS, H2Frames.FLAG_END_HEADERS | H2Frames.FLAG_END_STREAM,
                    (int) (2 * index + 1), requestHead());
        }

        private static byte[] prefaceAndSettings() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(H2Frames.settings(Map.of(INITIAL_WINDOW_SIZE, 0L)));
            out.writeBytes(H2Frames.settingsAck());   // for the server's SETTINGS, which are never read
            return out.toByteArray();
        }

        /**
         * The HPACK block of {@code GET /big} on {@code http://localhost}, without touching the dynamic table, so that
         * every stream's block is the same bytes: {@code :method GET} and {@code :scheme http} from the static table
         * (indices 2 and 6), {@code :path} and {@code :authority} as literals without indexing with an indexed name
         * (indices 4 and 1), not Huffman-coded.
         */
        private static byte[] requestHead() {
            ByteArrayOutputStream block = new ByteArrayOutputStream();
            block.write(0x82);
            block.write(0x86);
            literal(block, 4, ZeroWindowServerMain.BIG);
            literal(block, 1, "localhost");
            return block.toByteArray();
        }

        private static void literal(ByteArrayOutputStream block, int nameIndex, String value) {
            byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
            block.write(nameIndex);          // 0000 + 4-bit name index: literal without indexing
            block.write(bytes.length);       // H = 0, length < 127
            block.writeBytes(bytes);
        }
    }
}
