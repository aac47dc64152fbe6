package dev.brisk.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.Test;
import tools.jackson.core.util.BufferRecycler;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.netty.buffer.Unpooled;
import static org.assertj.core.api.Assertions.assertThat;

class EventLoopRecyclerPoolTest {

    private final JacksonJsonCodec codec = new JacksonJsonCodec();

    record Item(String name, List<Integer> values) {
    }

    /** A value whose serialisation uses the same mapper again, so two generators share one thread. */
    record Nested(String inner) {
    }

    private String roundTrip(Object value) {
        ByteBuf encoded = codec.encode(value, MediaType.APPLICATION_JSON, ByteBufAllocator.DEFAULT);
        try {
            return encoded.toString(StandardCharsets.UTF_8);
        } finally {
            encoded.release();
        }
    }

    @Test
    void anEventLoopThreadKeepsItsOwnRecycler() throws Exception {
        CompletableFuture<Object[]> result = new CompletableFuture<>();
        Thread loop = new FastThreadLocalThread(() -> {
            BufferRecycler first = EventLoopRecyclerPool.INSTANCE.acquirePooled();
            EventLoopRecyclerPool.INSTANCE.releasePooled(first);
            BufferRecycler second = EventLoopRecyclerPool.INSTANCE.acquirePooled();
            result.complete(new Object[] {first, second});
        });
        loop.start();
        Object[] recyclers = result.get();
        assertThat(recyclers[0]).isSameAs(recyclers[1]);

        // another thread never gets that recycler from the shared pool
        BufferRecycler other = EventLoopRecyclerPool.INSTANCE.acquirePooled();
        assertThat(other).isNotSameAs(recyclers[0]);
        EventLoopRecyclerPool.INSTANCE.releasePooled(other);
    }

    @Test
    void encodingAndDecodingWorkOnEventLoopsAndOtherThreads() throws Exception {
        Item item = new Item("ü-" + "x".repeat(10_000), List.of(1, 2, 3));
        String expected = roundTrip(item);
        assertThat(codec.decode(Unpooled.copiedBuffer(expected, StandardCharsets.UTF_8), Item.class,
                MediaType.APPLICATION_JSON)).isEqualTo(item);

        CompletableFuture<String> onLoop = new CompletableFuture<>();
        new FastThreadLocalThread(() -> {
            try {
                String nested = roundTrip(Map.of("outer", roundTrip(new Nested(roundTrip(item)))));
                onLoop.complete(nested);
            } catch (Throwable t) {
                onLoop.completeExceptionally(t);
            }
        }).start();
        String nested = onLoop.get();
        assertThat(nested).isEqualTo(roundTrip(Map.of("outer", roundTrip(new Nested(expected)))));
    }
}
