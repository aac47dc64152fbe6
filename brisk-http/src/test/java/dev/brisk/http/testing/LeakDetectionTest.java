package dev.brisk.http.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The leak record works: a buffer that is never released is reported once it is garbage. The leak is on purpose, so it
 * is recorded without Netty's error log (which would look like a failure in the build's output).
 */
class LeakDetectionTest {

    @Test
    void unreleasedBufferIsReported() throws Exception {
        LeakDetection.drain();
        LeakDetection.quietly(() -> {
            leak();
            LeakDetection.collect();
        });
        assertThat(LeakDetection.drain()).anySatisfy(leak -> assertThat(leak).contains("ByteBuf")
                .contains("LeakDetectionTest.leak"));
    }

    private static void leak() {
        ByteBuf buffer = ByteBufAllocator.DEFAULT.directBuffer(16);
        buffer.writeLong(42);
    }
}
