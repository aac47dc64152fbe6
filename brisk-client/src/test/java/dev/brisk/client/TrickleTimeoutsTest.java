package dev.brisk.client;

import dev.brisk.http.testing.ReliabilityReport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Servers that trickle or stall, against the read timeout's rule: it measures silence, from the end of the request's
 * write to the next read, and again after every read. On HTTP/1.1 any bytes of the connection count (a head that
 * arrives one byte at a time keeps the call alive); on HTTP/2 a stream's complete frames count (a DATA frame, a
 * whole header block; the pieces of an unfinished header block do not). A trickle that never ends is bounded by the
 * call timeout only.
 */
@Timeout(30)
class TrickleTimeoutsTest extends ClientTestSupport {

    private static final String AREA = "client failures";
    private static final long READ_TIMEOUT = 400;   // ms
    private static final long GAP = 40;             // ms between the trickled pieces, a tenth of the read timeout
    private static final long MARGIN = 1_000;       // ms a timer may fire late on a busy machine

    /** When the server last started a write, in System.nanoTime(). */
    private final AtomicLong lastWrite = new AtomicLong();

    private BriskClient client(ProtocolPolicy protocol) {
        return client(clientBuilder().options(o -> o.ioThreads(1).protocol(protocol)
                .readTimeout(Duration.ofMillis(READ_TIMEOUT))
                .retryPolicy(RetryPolicy.NONE)));
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    // ---- HTTP/1.1 ----

    private void trickle(OutputStream out, String text) throws IOException, InterruptedException {
        for (byte b : text.getBytes(StandardCharsets.ISO_8859_1)) {
            lastWrite.set(System.nanoTime());
            out.write(b);
            out.flush();
            Thread.sleep(GAP);
        }
    }

    /**
     * A server that sends {@code first} at once, trickles {@code trickled} one byte per {@link #GAP}, sends
     * {@code last} at once, then waits without closing.
     */
    private RawServer trickling(String first, String trickled, String last) throws IOException {
        return closeLater(new RawServer((request, socket, out) -> {
            try {
                out.write(first.getBytes(StandardCharsets.ISO_8859_1));
                trickle(out, trickled);
                out.write(last.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                Thread.sleep(30_000); // stalled, until the client gives up
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        }));
    }

    @Test
    void http11HeadTrickledFasterThanTheReadTimeoutCompletes() throws Exception {
        String head = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n";
        RawServer server = trickling("", head, "hello");

        long start = System.nanoTime();
        HttpResponse response = client(ProtocolPolicy.HTTP_1_1).get(server.url("/")).send();
        long millis = millisSince(start);

        assertThat(response.bodyAsString()).isEqualTo("hello");
        assertThat(millis).isGreaterThan(3 * READ_TIMEOUT); // the head alone took longer than the timeout, thrice
        ReliabilityReport.record(AREA, "TrickleTimeoutsTest.http11HeadTrickledFasterThanTheReadTimeoutCompletes",
                "an HTTP/1.1 head arriving one byte at a time, each within the read timeout, completes: the "
                        + "timeout measures silence between reads, not the time to the head",
                head.length() + " head bytes, one per " + GAP + " ms, read timeout " + READ_TIMEOUT
                        + " ms: response after " + millis + " ms");
    }

    /** Sends {@code first}, trickles {@code trickled}, stalls: the call must fail one read timeout later. */
    private void stallFailsOneReadTimeoutAfterTheLastByte(String first, String trickled, String test, String what)
            throws Exception {
        RawServer server = trickling(first, trickled, "");

        long start = System.nanoTime();
        Throwable failure = failure(client(ProtocolPolicy.HTTP_1_1).get(server.url("/")).execute());
        long total = millisSince(start);
        long afterLastByte = millisSince(lastWrite.get());

        assertThat(failure).isInstanceOf(ClientReadTimeoutException.class).hasMessageContaining(READ_TIMEOUT + " ms");
        assertThat(afterLastByte).isBetween(READ_TIMEOUT, READ_TIMEOUT + MARGIN);
        assertThat(total).isGreaterThanOrEqualTo(GAP * (trickled.length() - 1) + READ_TIMEOUT);
        ReliabilityReport.record(AREA, "TrickleTimeoutsTest." + test,
                "an HTTP/1.1 response that stalls " + what + " fails with ClientReadTimeoutException one read timeout "
                        + "after its last byte, however long the trickle before it lasted",
                first.length() + " bytes at once, " + trickled.length() + " trickled over "
                        + (total - afterLastByte) + " ms, then silence: "
                        + "ClientReadTimeoutException " + afterLastByte + " ms after the last byte (read timeout "
                        + READ_TIMEOUT + " ms)");
    }

    @Test
    void http11StallInTheMiddleOfTheHead() throws Exception {
        stallFailsOneReadTimeoutAfterTheLastByte("", "HTTP/1.1 200 OK\r\nContent-Le",
                "http11StallInTheMiddleOfTheHead", "in the middle of its head");
    }

    @Test
    void http11StallInTheMiddleOfTheBody() throws Exception {
        stallFailsOneReadTimeoutAfterTheLastByte("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n",
                "0123456789".repeat(2),
                "http11StallInTheMiddleOfTheBody", "in the middle of its body");
    }

    @Test
    void endlessTrickleIsBoundedByTheCallTimeoutOnly() throws Exception {
        RawServer server = closeLater(new RawServer((request, socket, out) -> {
            out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            try {
                while (true) {
                    trickle(out, "1\r\nx\r\n"); // a one-byte chunk, a byte at a time: never silent for long
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return false;
        }));
        long callTimeout = 4 * READ_TIMEOUT;
        BriskClient client = client(ProtocolPolicy.HTTP_1_1);

        long start = System.nanoTime();
        Throwable failure = failure(client.get(server.url("/")).timeout(Duration.ofMillis(callTimeout)).execute());
        long millis = millisSince(start);

        assertThat(failure).isInstanceOf(CallTimeoutException.class); // the read timeout never fired
        assertThat(millis).isBetween(callTimeout, callTimeout + MARGIN);
        ReliabilityReport.record(AREA, "TrickleTimeoutsTest.endlessTrickleIsBoundedByTheCallTimeoutOnly",
                "a body trickled without end, a byte well within each read timeout, is stopped by the call "
                        + "timeout and by nothing else",
                "a byte per " + GAP + " ms, read timeout " + READ_TIMEOUT + " ms, call timeout " + callTimeout
                        + " ms: CallTimeoutException after " + millis + " ms");
    }

    // ---- HTTP/2 ----

    /**
     * Per request path: {@code /trickle} gets 30 one-byte DATA frames, one per {@link #GAP}, then the end;
     * {@code /stall} gets 15 of them and then nothing; {@code /slow-head} gets a header block as a HEADERS frame
     * followed by a CONTINUATION frame per {@link #GAP}, 30 in all (raw frames under the codec);
     * {@code /ok} is answered at once.
     */
    private final class Trickling extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame request && request.isEndStream()) {
                    Http2FrameStream stream = request.stream();
                    switch (request.headers().path().toString()) {
                        case "/trickle" -> {
                            H2FrameServer.headers(ctx, stream, new DefaultHttp2Headers().status("200"), false);
                            dataFrames(ctx, stream, 0, 30, true);
                        }
                        case "/stall" -> {
                            H2FrameServer.headers(ctx, stream, new DefaultHttp2Headers().status("200"), false);
                            dataFrames(ctx, stream, 0, 15, false);
                        }
                        case "/slow-head" -> headerFrames(ctx, stream.id(), 0, 30);
                        default -> H2FrameServer.respond(ctx, stream, "fine");
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private void dataFrames(ChannelHandlerContext ctx, Http2FrameStream stream, int index, int count,
                                boolean end) {
            lastWrite.set(System.nanoTime());
            boolean last = index == count - 1;
            H2FrameServer.data(ctx, stream, Unpooled.wrappedBuffer(new byte[] {'x'}), last && end)
                    .addListener(f -> {
                        if (f.isSuccess() && !last) {
                            ctx.executor().schedule(() -> dataFrames(ctx, stream, index + 1, count, end), GAP,
                                    TimeUnit.MILLISECONDS);
                        }
                    });
        }

        private void headerFrames(ChannelHandlerContext ctx, int streamId, int index, int count) {
            lastWrite.set(System.nanoTime());
            boolean last = index == count - 1;
            ByteBuf frame = Unpooled.buffer(64).writerIndex(9);
            if (index == 0) {
                frame.writeByte(0x88); // :status 200, from the static table
            }
            frame.writeByte(0).writeByte(6).writeBytes("x-slow".getBytes(StandardCharsets.US_ASCII))
                    .writeByte(1).writeByte('y'); // a literal field without indexing, new name
            frame.setMedium(0, frame.readableBytes() - 9).setByte(3, index == 0 ? 0x1 : 0x9)
                    .setByte(4, last ? 0x4 | 0x1 : 0).setInt(5, streamId); // END_HEADERS and END_STREAM on the last
            ctx.pipeline().context(Http2FrameCodec.class).writeAndFlush(frame).addListener(f -> {
                if (f.isSuccess() && !last) {
                    ctx.executor().schedule(() -> headerFrames(ctx, streamId, index + 1, count), GAP,
                            TimeUnit.MILLISECONDS);
                }
            });
        }
    }

    private H2FrameServer h2Server() throws InterruptedException {
        return closeLater(new H2FrameServer(connection -> new Trickling()));
    }

    @Test
    void http2DataTrickledFasterThanTheReadTimeoutCompletes() throws Exception {
        H2FrameServer server = h2Server();

        long start = System.nanoTime();
        HttpResponse response = client(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE).get(server.url("/trickle")).send();
        long millis = millisSince(start);

        assertThat(response.bodyAsString()).isEqualTo("x".repeat(30));
        assertThat(millis).isGreaterThan(2 * READ_TIMEOUT);
        ReliabilityReport.record(AREA, "TrickleTimeoutsTest.http2DataTrickledFasterThanTheReadTimeoutCompletes",
                "an HTTP/2 body of one-byte DATA frames, each within the read timeout, completes",
                "30 DATA frames, one per " + GAP + " ms, read timeout " + READ_TIMEOUT + " ms: response after "
                        + millis + " ms");
    }

    @Test
    void http2StallInTheMiddleOfTheBodyResetsOnlyTheStream() throws Exception {
        H2FrameServer server = h2Server();
        BriskClient client = client(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE);

        long start = System.nanoTime();
        Throwable failure = failure(client.get(server.url("/stall")).execute());
        long total = millisSince(start);
        long afterLastFrame = millisSince(lastWrite.get());

        assertThat(failure).isInstanceOf(ClientReadTimeoutException.class);
        assertThat(afterLastFrame).isBetween(READ_TIMEOUT, READ_TIMEOUT + MARGIN);
        assertThat(total).isGreaterThanOrEqualTo(14 * GAP + READ_TIMEOUT);
        assertThat(client.get(server.url("/ok")).send().bodyAsString()).isEqualTo("fine");
        assertThat(server.connections()).isEqualTo(1);
        ReliabilityReport.record(AREA, "TrickleTimeoutsTest.http2StallInTheMiddleOfTheBodyResetsOnlyTheStream",
                "an HTTP/2 body that stalls after a trickle fails with ClientReadTimeoutException one read timeout "
                        + "after its last DATA frame; the stream is reset and the connection serves the next call",
                "15 DATA frames over " + (total - afterLastFrame) + " ms, then silence: ClientReadTimeoutException "
                        + afterLastFrame + " ms after the last frame (read timeout " + READ_TIMEOUT + " ms)");
    }

    @Test
    void http2HeaderBlockTrickledInContinuationFramesTimesOut() throws Exception {
        H2FrameServer server = h2Server();

        long start = System.nanoTime();
        Throwable failure = failure(client(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE).get(server.url("/slow-head"))
                .execute());
        long millis = millisSince(start);
        long afterLastFrame = millisSince(lastWrite.get());

        assertThat(failure).isInstanceOf(ClientReadTimeoutException.class);
        assertThat(millis).isBetween(READ_TIMEOUT, READ_TIMEOUT + MARGIN); // counted from the request, not a frame
        assertThat(afterLastFrame).isLessThan(READ_TIMEOUT);               // while frames were still coming
        ReliabilityReport.record(AREA, "TrickleTimeoutsTest.http2HeaderBlockTrickledInContinuationFramesTimesOut",
                "on HTTP/2 the pieces of an unfinished header block do not reset a stream's read timeout: a head "
                        + "trickled in CONTINUATION frames fails with ClientReadTimeoutException",
                "a CONTINUATION frame per " + GAP + " ms: ClientReadTimeoutException " + millis + " ms after the call "
                        + "started, " + afterLastFrame + " ms after the last frame (read timeout " + READ_TIMEOUT
                        + " ms)");
    }
}
