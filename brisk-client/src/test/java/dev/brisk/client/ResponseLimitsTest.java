package dev.brisk.client;

import dev.brisk.http.testing.ReliabilityReport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.management.ThreadMXBean;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Responses far larger than the client's limits, from servers ready to send 1 GiB: header blocks without end, and
 * bodies with a huge Content-Length, chunked or delimited by the close (HTTP/1.1), with and without content-length
 * (HTTP/2). Each call fails fast with {@link ResponseTooLargeException} (an endless HTTP/2 header block is a
 * connection error instead: {@link ConnectionClosedException} naming it); the server gets to write little more than
 * the limit plus the sockets' buffers, the client's event loop allocates little more than the limit, and the
 * HTTP/1.1 connection is closed rather than reused (on HTTP/2 the stream is reset and the connection serves on).
 */
@Timeout(30)
class ResponseLimitsTest extends ClientTestSupport {

    private static final String AREA = "client failures";
    private static final int LIMIT = 1024 * 1024;               // maxResponseSize of the client under test
    private static final int HEADER_LIMIT = 32 * 1024;          // the client's fixed limit for a response head
    private static final long OFFERED = 1024L * 1024 * 1024;    // what each server is ready to send
    private static final long SENT_BOUND = 64L * 1024 * 1024;   // limit + socket buffers stay far below this
    private static final long ALLOCATED_BOUND = 32L * 1024 * 1024;

    private EventLoopGroup loop;
    private Thread loopThread;

    /** What one oversized response cost. */
    private record Outcome(Throwable failure, long millis, long serverBytes, long allocated) {
        String describe(long limit) {
            return failure.getClass().getSimpleName() + " after " + millis + " ms; server wrote " + mib(serverBytes)
                    + " of the 1024 MiB offered against a limit of " + limit + " bytes; client event loop allocated "
                    + mib(allocated);
        }

        private static String mib(long bytes) {
            return bytes < 1024 * 1024 ? String.format("%.1f KiB", bytes / 1024.0)
                    : String.format("%.1f MiB", bytes / (1024.0 * 1024));
        }
    }

    @BeforeEach
    void ownEventLoop() throws Exception {
        loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        closeLater(() -> loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly());
        loopThread = loop.next().submit(Thread::currentThread).get();
    }

    private BriskClient limitedClient(ProtocolPolicy protocol) {
        return client(clientBuilder().options(o -> o.eventLoopGroup(loop).protocol(protocol).maxResponseSize(LIMIT)));
    }

    private long allocatedOnLoop() {
        return ((ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(loopThread.getId());
    }

    /** Calls {@code url}, which must fail; measures time, the server's bytes and the loop's allocations. */
    private Outcome oversized(BriskClient client, String url, AtomicLong serverBytes, CountDownLatch serverStopped)
            throws InterruptedException {
        assertThat(client.get(url.replaceAll("/[^/]*$", "/ok")).send().bodyAsString()).isEqualTo("fine"); // warm
        long allocatedBefore = allocatedOnLoop();
        long start = System.nanoTime();
        Throwable failure = failure(client.get(url).execute());
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
        long allocated = allocatedOnLoop() - allocatedBefore;
        assertThat(serverStopped.await(10, TimeUnit.SECONDS)).as("the server was cut off").isTrue();
        return new Outcome(failure, millis, serverBytes.get(), allocated);
    }

    private static void checkBounded(Outcome outcome) {
        assertThat(outcome.failure()).isInstanceOf(ResponseTooLargeException.class);
        assertThat(outcome.millis()).isLessThan(5_000);
        assertThat(outcome.serverBytes()).isLessThan(SENT_BOUND);
        assertThat(outcome.allocated()).isLessThan(ALLOCATED_BOUND);
    }

    // ---- HTTP/1.1 ----

    /** A raw HTTP/1.1 server: {@code /ok} is answered, anything else gets {@code head} then {@code body} forever. */
    private RawServer endless(String head, byte[] piece, AtomicLong written, CountDownLatch stopped)
            throws IOException {
        return closeLater(new RawServer((request, socket, out) -> {
            if (request.target().equals("/ok")) {
                RawServer.respond(out, 200, "fine");
                return true;
            }
            try {
                write(out, head.getBytes(StandardCharsets.ISO_8859_1), written);
                while (written.get() < OFFERED) {
                    write(out, piece, written);
                }
            } finally {
                stopped.countDown();
            }
            return false;
        }));
    }

    private static void write(OutputStream out, byte[] bytes, AtomicLong written) throws IOException {
        out.write(bytes);
        out.flush();
        written.addAndGet(bytes.length);
    }

    private static byte[] chunk(int size) {
        byte[] data = new byte[size];
        Arrays.fill(data, (byte) 'x');
        String head = Integer.toHexString(size) + "\r\n";
        byte[] framed = new byte[head.length() + size + 2];
        System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, framed, 0, head.length());
        System.arraycopy(data, 0, framed, head.length(), size);
        framed[framed.length - 2] = '\r';
        framed[framed.length - 1] = '\n';
        return framed;
    }

    private Outcome http1(String name, String head, byte[] piece) throws Exception {
        AtomicLong written = new AtomicLong();
        CountDownLatch stopped = new CountDownLatch(1);
        RawServer server = endless(head, piece, written, stopped);
        BriskClient client = limitedClient(ProtocolPolicy.HTTP_1_1);

        Outcome outcome = oversized(client, server.url("/" + name), written, stopped);

        assertThat(client.get(server.url("/ok")).send().bodyAsString()).isEqualTo("fine");
        assertThat(server.connections()).as("the oversized response's connection is not reused").isEqualTo(2);
        return outcome;
    }

    @Test
    void http11HeaderBlockWithoutEnd() throws Exception {
        byte[] line = ("X-Filler: " + "h".repeat(1000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        Outcome outcome = http1("headers", "HTTP/1.1 200 OK\r\n", line);

        checkBounded(outcome);
        assertThat(outcome.failure()).hasMessageContaining("response head")
                .hasMessageContaining("HTTP header is larger than " + HEADER_LIMIT + " bytes");
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http11HeaderBlockWithoutEnd",
                "an HTTP/1.1 response head that never ends fails the call once past the 32 KiB header limit, "
                        + "without buffering more, and its connection is closed",
                outcome.describe(HEADER_LIMIT));
    }

    @Test
    void http11DeclaredContentLengthAboveTheLimit() throws Exception {
        Outcome outcome = http1("declared", "HTTP/1.1 200 OK\r\nContent-Length: " + OFFERED + "\r\n\r\n",
                new byte[64 * 1024]);

        checkBounded(outcome);
        assertThat(outcome.allocated()).isLessThan(LIMIT); // refused on the head, no body array at all
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http11DeclaredContentLengthAboveTheLimit",
                "an HTTP/1.1 response declaring Content-Length: 1 GiB is refused on its head, before any body "
                        + "buffer is allocated, and its connection is closed",
                outcome.describe(LIMIT));
    }

    @Test
    void http11ChunkedBodyWithoutEnd() throws Exception {
        Outcome outcome = http1("chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
                chunk(64 * 1024));

        checkBounded(outcome);
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http11ChunkedBodyWithoutEnd",
                "an endless chunked HTTP/1.1 body fails the call as soon as it passes maxResponseSize, the "
                        + "client holding no more than the limit, and its connection is closed",
                outcome.describe(LIMIT));
    }

    @Test
    void http11BodyDelimitedByCloseWithoutEnd() throws Exception {
        Outcome outcome = http1("until-close", "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", new byte[64 * 1024]);

        checkBounded(outcome);
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http11BodyDelimitedByCloseWithoutEnd",
                "an HTTP/1.1 body without length or chunking (read until close) that never ends fails the call "
                        + "once past maxResponseSize",
                outcome.describe(LIMIT));
    }

    // ---- HTTP/2 ----

    /**
     * An h2c server: {@code /ok} is answered; {@code /headers} gets a header block that never ends and
     * {@code /headers-32-fields} one of 32 fields of 1000 bytes, both written as raw frames under the codec (which
     * would refuse to send more than the client announced); {@code /declared} and {@code /undeclared} get DATA frames
     * one after the other, each written once the last one left, until 1 GiB or until the client resets the stream.
     */
    private final class H2Endless extends ChannelInboundHandlerAdapter {
        private static final int FIELDS_PER_FRAME = 16;      // 16 fields of 1013 bytes: just under 16 KiB
        private final AtomicLong written;
        private final CountDownLatch stopped;

        H2Endless(AtomicLong written, CountDownLatch stopped) {
            this.written = written;
            this.stopped = stopped;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2ResetFrame) {
                    stopped.countDown(); // the client gave up on the stream
                } else if (msg instanceof Http2HeadersFrame request && request.isEndStream()) {
                    answer(ctx, request.stream(), request.headers().path().toString());
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            stopped.countDown();
            ctx.fireChannelInactive();
        }

        private void answer(ChannelHandlerContext ctx, Http2FrameStream stream, String path) {
            switch (path) {
                case "/ok" -> H2FrameServer.respond(ctx, stream, "fine");
                case "/headers" -> headerFrames(ctx, stream.id(), 0, Long.MAX_VALUE);
                case "/headers-32-fields" -> headerFrames(ctx, stream.id(), 0, 2);
                case "/declared" -> {
                    H2FrameServer.headers(ctx, stream, new DefaultHttp2Headers().status("200")
                            .setLong("content-length", OFFERED), false);
                    pump(ctx, stream);
                }
                default -> {
                    H2FrameServer.headers(ctx, stream, new DefaultHttp2Headers().status("200"), false);
                    pump(ctx, stream);
                }
            }
        }

        /**
         * Frame {@code index} of a header block of {@code frames} frames (HEADERS, then CONTINUATION, END_HEADERS
         * on the last), each holding 16 literal fields of 1000 bytes, then the next once this one left.
         */
        private void headerFrames(ChannelHandlerContext ctx, int streamId, long index, long frames) {
            boolean last = index == frames - 1;
            ByteBuf frame = Unpooled.buffer(9 + 16 * 1024).writerIndex(9);
            if (index == 0) {
                frame.writeByte(0x88); // :status 200, from the static table
            }
            for (int i = 0; i < FIELDS_PER_FRAME; i++) {
                literal(frame, "x-filler", "h".repeat(1000));
            }
            int size = frame.readableBytes();
            frame.setMedium(0, size - 9).setByte(3, index == 0 ? 0x1 : 0x9).setByte(4, last ? 0x4 : 0)
                    .setInt(5, streamId); // HEADERS or CONTINUATION, END_HEADERS on the last
            ChannelHandlerContext underCodec = ctx.pipeline().context(Http2FrameCodec.class);
            underCodec.writeAndFlush(frame).addListener((ChannelFutureListener) f -> {
                if (!f.isSuccess()) {
                    stopped.countDown();
                } else if (written.addAndGet(size) < OFFERED && !last) {
                    headerFrames(ctx, streamId, index + 1, frames);
                }
            });
        }

        private void pump(ChannelHandlerContext ctx, Http2FrameStream stream) {
            int size = 16 * 1024;
            H2FrameServer.data(ctx, stream, Unpooled.wrappedBuffer(new byte[size]), false)
                    .addListener((ChannelFutureListener) f -> {
                        if (!f.isSuccess()) {
                            stopped.countDown();
                        } else if (written.addAndGet(size) < OFFERED) {
                            pump(ctx, stream);
                        }
                    });
        }
    }

    /** An HPACK literal field without indexing and with a new name, no Huffman coding (RFC 7541, 6.2.2). */
    private static void literal(ByteBuf out, String name, String value) {
        out.writeByte(0);
        for (String text : new String[] {name, value}) {
            byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
            int length = bytes.length;
            if (length < 127) {
                out.writeByte(length);
            } else {
                out.writeByte(127);
                for (length -= 127; length >= 128; length >>>= 7) {
                    out.writeByte((length & 0x7F) | 0x80);
                }
                out.writeByte(length);
            }
            out.writeBytes(bytes);
        }
    }

    private Outcome http2(String path, int expectedConnections, CountDownLatch stopped) throws Exception {
        AtomicLong written = new AtomicLong();
        H2FrameServer server = closeLater(new H2FrameServer(connection -> new H2Endless(written, stopped)));
        BriskClient client = limitedClient(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE);

        Outcome outcome = oversized(client, server.url(path), written, stopped);

        assertThat(client.get(server.url("/ok")).send().bodyAsString()).isEqualTo("fine");
        assertThat(server.connections()).isEqualTo(expectedConnections);
        return outcome;
    }

    @Test
    void http2HeaderBlockWithoutEnd() throws Exception {
        // the warm-up's connection, the one of the retry, the one of the call after: see the assertion below
        Outcome outcome = http2("/headers", 3, new CountDownLatch(2));

        assertThat(outcome.failure()).isInstanceOf(ConnectionClosedException.class)
                .hasMessageContaining("Header size exceeded max allowed size (40960)");
        assertThat(outcome.millis()).isLessThan(5_000);
        assertThat(outcome.serverBytes()).isLessThan(SENT_BOUND);
        assertThat(outcome.allocated()).isLessThan(ALLOCATED_BOUND);
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http2HeaderBlockWithoutEnd",
                "an HTTP/2 header block that never ends is a connection error once past 40 KiB (1.25 x the 32 KiB "
                        + "SETTINGS_MAX_HEADER_LIST_SIZE announced): the client sends GOAWAY, closes, and fails the "
                        + "call with a ConnectionClosedException naming the reason (a GET is tried once more)",
                outcome.describe(HEADER_LIMIT));
    }

    @Test
    void http2HeaderBlockAboveTheLimit() throws Exception {
        // 32 fields of 1000 bytes: 33,280 bytes as HTTP/2 counts a header list, 32.4 KiB on the wire
        Outcome outcome = http2("/headers-32-fields", 1, new CountDownLatch(1)); // only the stream is reset

        checkBounded(outcome);
        assertThat(outcome.failure()).hasMessageContaining("response head")
                .hasMessageContaining("Header size exceeded max allowed size (32768)");
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http2HeaderBlockAboveTheLimit",
                "an HTTP/2 header list of 33,280 bytes, above the 32 KiB SETTINGS_MAX_HEADER_LIST_SIZE the client "
                        + "announces, fails the call with ResponseTooLargeException; the stream is reset and the "
                        + "connection goes on serving",
                outcome.describe(HEADER_LIMIT));
    }

    @Test
    void http2DeclaredContentLengthAboveTheLimit() throws Exception {
        Outcome outcome = http2("/declared", 1, new CountDownLatch(1)); // only the stream is reset

        checkBounded(outcome);
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http2DeclaredContentLengthAboveTheLimit",
                "an HTTP/2 response declaring content-length 1 GiB is refused on its head; the stream is reset "
                        + "(the server stops sending) while the connection goes on serving",
                outcome.describe(LIMIT));
    }

    @Test
    void http2BodyWithoutLengthOrEnd() throws Exception {
        Outcome outcome = http2("/undeclared", 1, new CountDownLatch(1));

        checkBounded(outcome);
        ReliabilityReport.record(AREA, "ResponseLimitsTest.http2BodyWithoutLengthOrEnd",
                "an endless HTTP/2 body without content-length fails the call once past maxResponseSize; the "
                        + "stream is reset (the server stops sending) while the connection goes on serving",
                outcome.describe(LIMIT));
    }
}
