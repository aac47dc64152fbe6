package dev.brisk.http.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The leak record works: a buffer that is never released is reported once it is garbage. */
class LeakDetectionTest {

    @Test
    void unreleasedBufferIsReported() throws Exception {
        LeakDetection.drain();
        leak();
        LeakDetection.collect();
        assertThat(LeakDetection.drain()).anySatisfy(leak -> assertThat(leak).contains("ByteBuf")
                .contains("LeakDetectionTest.leak"));
    }

    private static void leak() {
        ByteBuf buffer = ByteBufAllocator.DEFAULT.directBuffer(16);
        buffer.writeLong(42);
    }
}
