package dev.brisk.http;

import dev.brisk.http.testing.H2FrameClient;
import io.netty.handler.codec.http2.Http2Error;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import java.nio.channels.ClosedChannelException;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streamed HTTP/2 response's write stage completes only when the stream's flow-control window has room: a client
 * that does not return window holds back the writer of its stream, and no other stream on the connection.
 */
class Http2FlowControlTest {

    private static final int WINDOW = 64 * 1024;
    private static final int CHUNK = 16 * 1024;
    private static final long LARGE = 64L * 1024 * 1024;
    /** What a writer held back by a {@link #WINDOW} may have handed over: a small multiple of it. */
    private static final long BOUND = 2L * WINDOW + CHUNK;

    private final Map<String, Writer> writers = new ConcurrentHashMap<>();
    private HttpServer server;
    private H2FrameClient client;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.ioThreads(1))
                .handler(request -> {
                    Writer writer = new Writer(request.response(), Long.parseLong(request.query("size").orElseThrow()));
                    writers.put(request.query("name").orElseThrow(), writer);
                    writer.pump();
                }).start();
        client = new H2FrameClient(server.port(), WINDOW);
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.closeNow();
        }
    }

    /** The byte at {@code position} of every streamed body: differs within a chunk and from chunk to chunk. */
    private static byte at(long position) {
        return (byte) (position * 131 + (position >>> 14) * 7);
    }

    /**
     * Streams {@code size} bytes in {@link #CHUNK} writes, each after the previous write's stage completed; loops while
     * stages are already complete, so a fast connection does not nest calls. Runs on the connection's event loop.
     */
    private static final class Writer {
        final ServerResponse response;
        final long size;
        final AtomicLong handedOver = new AtomicLong();
        /** Completes with null when the body was written and ended, or with the failure of a write. */
        final CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        /** The response's completion, asked for before it ends. */
        volatile CompletableFuture<Void> completion;
        volatile CompletableFuture<Void> waitingOn;

        Writer(ServerResponse response, long size) {
            this.response = response;
            this.size = size;
        }

        void pump() {
            while (true) {
                long sent = handedOver.get();
                if (sent == size) {
                    completion = response.completion().toCompletableFuture();
                    response.end();
                    outcome.complete(null);
                    return;
                }
                int length = (int) Math.min(CHUNK, size - sent);
                byte[] chunk = new byte[length];
                for (int i = 0; i < length; i++) {
                    chunk[i] = at(sent + i);
                }
                CompletableFuture<Void> stage = response.write(chunk).toCompletableFuture();
                handedOver.addAndGet(length);
                if (stage.isDone() && !stage.isCompletedExceptionally()) {
                    continue;
                }
                waitingOn = stage;
                stage.whenComplete((ignored, failure) -> {
                    if (failure != null) {
                        outcome.complete(failure);
                    } else {
                        pump();
                    }
                });
                return;
            }
        }
    }

    private Writer writer(String name) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Writer writer;
        while ((writer = writers.get(name)) == null) {
            assertThat(System.nanoTime()).as("handler for " + name + " called").isLessThan(deadline);
            Thread.sleep(10);
        }
        return writer;
    }

    /** Polls {@code value} until it has not moved for a while (at most 20 s in all) and returns it. */
    private static long whenStable(LongSupplier value) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        long last = value.getAsLong();
        int unchanged = 0;
        while (unchanged < 10 && System.nanoTime() < deadline) {
            Thread.sleep(50);
            long now = value.getAsLong();
            unchanged = now == last ? unchanged + 1 : 0;
            last = now;
        }
        return last;
    }

    /** Waits until stream {@code name}'s writer is held back, and checks it handed over no more than it may. */
    private Writer stalled(String name, H2FrameClient.Stream stream) throws Exception {
        Writer writer = writer(name);
        long handedOver = whenStable(writer.handedOver::get);
        assertThat(handedOver).as("bytes handed over while the client returns no window")
                .isGreaterThanOrEqualTo(WINDOW).isLessThanOrEqualTo(BOUND);
        assertThat(whenStable(stream::received)).as("bytes the client received").isEqualTo(WINDOW);
        assertThat(writer.outcome).as("writer still waiting").isNotDone();
        assertThat(writer.waitingOn).as("the write stage it waits on").isNotNull().isNotDone();
        return writer;
    }

    @Test
    void slowReaderHoldsBackTheWriterUntilItReturnsWindow() throws Exception {
        H2FrameClient.Stream stream = client.get("/body?name=a&size=" + LARGE, Http2FlowControlTest::at, false);
        assertThat(stream.status.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        Writer writer = stalled("a", stream);

        stream.open();
        stream.ended.get(60, TimeUnit.SECONDS);
        assertThat(stream.received()).isEqualTo(LARGE);
        assertThat(stream.firstMismatch()).as("first wrong byte").isEqualTo(-1);
        assertThat(writer.outcome.get(10, TimeUnit.SECONDS)).as("writer's failure").isNull();
        assertThat(writer.handedOver.get()).isEqualTo(LARGE);
        writer.completion.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aStalledStreamDoesNotHoldBackTheOthers() throws Exception {
        H2FrameClient.Stream slow = client.get("/body?name=slow&size=" + LARGE, Http2FlowControlTest::at, false);
        Writer slowWriter = stalled("slow", slow);

        long size = 4L * 1024 * 1024;
        H2FrameClient.Stream fast = client.get("/body?name=fast&size=" + size, Http2FlowControlTest::at, true);
        fast.ended.get(60, TimeUnit.SECONDS);
        assertThat(fast.received()).isEqualTo(size);
        assertThat(fast.firstMismatch()).as("first wrong byte").isEqualTo(-1);
        Writer fastWriter = writer("fast");
        assertThat(fastWriter.outcome.get(10, TimeUnit.SECONDS)).as("fast writer's failure").isNull();
        fastWriter.completion.get(10, TimeUnit.SECONDS);

        assertThat(slowWriter.handedOver.get()).as("bytes the slow writer handed over").isLessThanOrEqualTo(BOUND);
        assertThat(slow.received()).isEqualTo(WINDOW);
        assertThat(slowWriter.outcome).as("slow writer still waiting").isNotDone();

        client.close();
        client = null;
        assertThat(slowWriter.outcome.get(10, TimeUnit.SECONDS)).as("slow writer's failure once the connection closed")
                .isNotNull();
    }

    @Test
    void resetWhileTheWriterWaitsFailsItsNextWrite() throws Exception {
        H2FrameClient.Stream stream = client.get("/body?name=reset&size=" + LARGE, Http2FlowControlTest::at, false);
        Writer writer = stalled("reset", stream);
        CompletableFuture<Void> waiting = writer.waitingOn;
        long handedOver = writer.handedOver.get();

        stream.reset(Http2Error.CANCEL);
        Throwable failure = writer.outcome.get(10, TimeUnit.SECONDS);
        assertThat(waiting).as("the stage the writer waited on").isDone();
        assertThat(failure).as("what the next write reported").isInstanceOf(ClosedChannelException.class);
        assertThat(writer.handedOver.get()).as("writes after the reset").isLessThanOrEqualTo(handedOver + CHUNK);
        assertThat(writer.response.isEnded()).isTrue();

        long size = 256 * 1024;
        H2FrameClient.Stream next = client.get("/body?name=next&size=" + size, Http2FlowControlTest::at, true);
        next.ended.get(30, TimeUnit.SECONDS);
        assertThat(next.received()).isEqualTo(size);
        assertThat(next.firstMismatch()).isEqualTo(-1);
    }
}
