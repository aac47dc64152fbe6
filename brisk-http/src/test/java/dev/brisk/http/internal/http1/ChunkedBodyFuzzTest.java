package dev.brisk.http.internal.http1;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.brisk.http.BodyListener;
import dev.brisk.http.BodyMode;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Headers;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.testing.FuzzInputs;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterAll;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes the chunked body decoder of {@link Http1Connection} (states CHUNK_SIZE, CHUNK_DATA, CHUNK_DATA_END,
 * TRAILERS) through an {@link EmbeddedChannel}: the connection reads {@code POST / HTTP/1.1, Host: x,
 * Transfer-Encoding: chunked} followed by the fuzz bytes, cut into pieces the input chooses.
 *
 * <p>Input layout: the first byte steers the run, the rest is the body as sent.
 * <ul>
 *   <li>low 4 bits: largest piece in bytes (pieces are 1..n bytes, drawn from a generator seeded with the byte);
 *       0 sends everything in one read, so {@code '0'} is one read and {@code '1'} one byte per read</li>
 *   <li>bit 0x40 (letters, {@code '@'}): the handler takes the body as a stream ({@link BodyMode#STREAM}) instead
 *       of aggregated</li>
 *   <li>bit 0x80: the body limit is {@value #SMALL_LIMIT} bytes instead of the default, so 413 is reachable</li>
 * </ul>
 *
 * <p>Checks, for every input: no exception escapes (nothing thrown out of the channel, nothing logged as a failure
 * by the connection), every buffer the connection got or allocated is released once the channel is closed and no
 * request stays in flight; the connection has answered or closed unless a small reference decoder (in this class)
 * says the body is still incomplete; when it answers 200, the reference accepted the body and the handler saw
 * exactly the reference's de-chunked bytes; and a plain valid body (no extensions, no trailers, within the limit)
 * is answered 200.
 *
 * <p>Seeds: {@code src/test/resources/dev/brisk/http/internal/http1/ChunkedBodyFuzzTestInputs/chunkedBody/}.
 */
class ChunkedBodyFuzzTest {

    private static final FuzzInputs INPUTS = new FuzzInputs("ChunkedBodyFuzzTest.chunkedBody",
            "the chunked body decoder never throws, leaks a buffer or hangs on a complete body, and what it hands the"
                    + " handler with a 200 is exactly the de-chunked input of a reference decoder");

    private static final byte[] HEAD = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);
    static final int SMALL_LIMIT = 64;

    /** What the connection logs: a handler failure (WARNING) or an exception caught in the pipeline (DEBUG). */
    private static final Logger SERVER_LOG = Logger.getLogger("dev.brisk.http");
    private static final List<LogRecord> LOGGED = new ArrayList<>();

    static {
        SERVER_LOG.setLevel(Level.ALL);
        SERVER_LOG.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getThrown() != null || record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    synchronized (LOGGED) {
                        LOGGED.add(record);
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
    }

    @AfterAll
    static void record() {
        INPUTS.record();
    }

    @FuzzTest
    void chunkedBody(byte[] input) {
        int control = input.length == 0 ? 0 : input[0] & 0xFF;
        byte[] body = input.length == 0 ? new byte[0] : Arrays.copyOfRange(input, 1, input.length);
        boolean stream = (control & 0x40) != 0;
        boolean small = (control & 0x80) != 0;
        int maxPiece = control & 0x0F;
        synchronized (LOGGED) {
            LOGGED.clear();
        }

        Recorder handler = new Recorder(stream);
        HttpServer.Builder builder = HttpServer.builder().port(0).handler(handler);
        if (small) {
            builder.options(o -> o.limits(l -> l.maxBodySize(SMALL_LIMIT)));
        }
        ServerContext context = new ServerContext(builder.options(), handler, null);
        TrackingAllocator allocator = new TrackingAllocator();
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setAllocator(allocator);
        channel.pipeline().addLast(new Http1Connection(context, false));

        byte[] all = new byte[HEAD.length + body.length];
        System.arraycopy(HEAD, 0, all, 0, HEAD.length);
        System.arraycopy(body, 0, all, HEAD.length, body.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SplittableRandom random = new SplittableRandom(control);
        int offset = 0;
        while (offset < all.length && channel.isOpen()) {
            int length = maxPiece == 0 ? all.length - offset
                    : Math.min(all.length - offset, 1 + random.nextInt(maxPiece));
            ByteBuf piece = allocator.buffer(length);
            piece.writeBytes(all, offset, length);
            offset += length;
            channel.writeInbound(piece);
            drain(channel, out);
        }
        channel.runPendingTasks();
        drain(channel, out);
        boolean open = channel.isOpen();
        channel.finishAndReleaseAll();
        drain(channel, out);

        synchronized (LOGGED) {
            assertThat(LOGGED).as("failures logged by the connection")
                    .extracting(r -> r.getMessage() + ": " + r.getThrown()).isEmpty();
        }
        allocator.assertAllReleased();
        assertThat(context.tracker().requestsInFlight()).as("requests in flight after close").isZero();

        String response = out.toString(StandardCharsets.ISO_8859_1);
        Dechunked reference = Dechunked.of(body);
        long limit = small ? SMALL_LIMIT : builder.options().limits().maxBodySize();
        if (reference.state != Dechunked.INCOMPLETE) {
            assertThat(!response.isEmpty() || !open).as("answered or closed on a body the reference decoder "
                    + (reference.state == Dechunked.COMPLETE ? "completed" : "rejected")).isTrue();
        }
        if (!response.isEmpty()) {
            assertThat(response).startsWith("HTTP/1.1 ");
        }
        int status = response.length() >= 12 ? Integer.parseInt(response.substring(9, 12)) : 0;
        if (status == 200) {
            assertThat(reference.state).as("reference decoder on a body the server answered 200")
                    .isEqualTo(Dechunked.COMPLETE);
            assertThat(handler.ended).as("the handler saw the end of the body").isTrue();
            assertThat(handler.seen.toByteArray()).as("body the handler saw").isEqualTo(reference.body);
        }
        if (reference.state == Dechunked.COMPLETE && reference.plain && reference.body.length <= limit) {
            assertThat(status).as("status for a plain valid chunked body: " + response).isEqualTo(200);
        }
        INPUTS.passed();
    }

    private static void drain(EmbeddedChannel channel, ByteArrayOutputStream out) {
        Object message;
        while ((message = channel.readOutbound()) != null) {
            try {
                if (message instanceof ByteBuf buf) {
                    byte[] bytes = new byte[buf.readableBytes()];
                    buf.getBytes(buf.readerIndex(), bytes);
                    out.writeBytes(bytes);
                }
            } finally {
                ReferenceCountUtil.release(message);
            }
        }
    }

    /** Records the body of the first request (the chunked POST) and answers every request 200. */
    private static final class Recorder implements HttpHandler {
        private final boolean stream;
        final ByteArrayOutputStream seen = new ByteArrayOutputStream();
        boolean ended;
        private int bodyModes;
        private int handled;

        Recorder(boolean stream) {
            this.stream = stream;
        }

        @Override
        public BodyMode bodyMode(ServerRequest request) {
            return bodyModes++ == 0 && stream ? BodyMode.STREAM : BodyMode.AGGREGATE;
        }

        @Override
        public void handle(ServerRequest request) {
            if (handled++ > 0) {
                request.response().send("next");
                return;
            }
            if (stream) {
                request.stream(new BodyListener() {
                    @Override
                    public void onData(ByteBuf chunk) {
                        copy(chunk);
                    }

                    @Override
                    public void onEnd(Headers trailers) {
                        ended = true;
                        request.response().send("ok");
                    }
                });
            } else {
                copy(request.body());
                ended = true;
                request.response().send("ok");
            }
        }

        private void copy(ByteBuf buf) {
            byte[] bytes = new byte[buf.readableBytes()];
            buf.getBytes(buf.readerIndex(), bytes);
            seen.writeBytes(bytes);
        }
    }

    /** Unpooled buffers, each remembered, so that a run can check that all of them were released. */
    private static final class TrackingAllocator extends AbstractByteBufAllocator {
        private static final ByteBufAllocator UNPOOLED = new UnpooledByteBufAllocator(false, true);
        private final List<ByteBuf> buffers = new ArrayList<>();

        TrackingAllocator() {
            super(false);
        }

        private <B extends ByteBuf> B track(B buffer) {
            buffers.add(buffer);
            return buffer;
        }

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            return track(UNPOOLED.heapBuffer(initialCapacity, maxCapacity));
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            return track(UNPOOLED.directBuffer(initialCapacity, maxCapacity));
        }

        @Override
        public CompositeByteBuf compositeHeapBuffer(int maxNumComponents) {
            return track(UNPOOLED.compositeHeapBuffer(maxNumComponents));
        }

        @Override
        public CompositeByteBuf compositeDirectBuffer(int maxNumComponents) {
            return track(UNPOOLED.compositeDirectBuffer(maxNumComponents));
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }

        void assertAllReleased() {
            for (int i = 0; i < buffers.size(); i++) {
                ByteBuf buffer = buffers.get(i);
                assertThat(buffer.refCnt()).as("reference count of buffer #" + i + " of " + buffers.size() + ", "
                        + buffer.getClass().getSimpleName() + " of capacity " + buffer.capacity()).isZero();
            }
        }
    }

    /**
     * A small reference decoder of a chunked body (RFC 9112, section 7.1), lenient where the server is stricter
     * (any chunk extension without CR is taken; trailer lines are not parsed, the server may check them only once
     * the block is complete), strict on framing: CRLF line ends, hex sizes of at most 15 digits (the server's
     * limit), CRLF after the data, an empty line after the trailers.
     */
    static final class Dechunked {
        static final int INCOMPLETE = 0;
        static final int COMPLETE = 1;
        static final int INVALID = 2;

        final int state;
        final byte[] body;
        /** Complete without chunk extensions and without trailer fields. */
        final boolean plain;

        private Dechunked(int state, byte[] body, boolean plain) {
            this.state = state;
            this.body = body;
            this.plain = plain;
        }

        static Dechunked of(byte[] in) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            boolean plain = true;
            int pos = 0;
            while (true) {
                int lf = indexOf(in, pos, (byte) '\n');
                if (lf < 0) {
                    return new Dechunked(INCOMPLETE, null, false);
                }
                if (lf == pos || in[lf - 1] != '\r') {
                    return new Dechunked(INVALID, null, false);
                }
                int lineEnd = lf - 1;
                long size = 0;
                int i = pos;
                while (i < lineEnd && hex(in[i]) >= 0) {
                    size = size << 4 | hex(in[i]);
                    i++;
                }
                if (i == pos || i - pos > 15) {
                    return new Dechunked(INVALID, null, false);
                }
                for (int j = i; j < lineEnd; j++) {
                    if (in[j] == '\r') {
                        return new Dechunked(INVALID, null, false);
                    }
                }
                if (i < lineEnd) {
                    plain = false;
                }
                pos = lf + 1;
                if (size == 0) {
                    break;
                }
                if (in.length - pos < size) {
                    return new Dechunked(INCOMPLETE, null, false);
                }
                body.write(in, pos, (int) size);
                pos += (int) size;
                if (pos >= in.length) {
                    return new Dechunked(INCOMPLETE, null, false);
                }
                if (in[pos] != '\r') {
                    return new Dechunked(INVALID, null, false);
                }
                if (pos + 1 >= in.length) {
                    return new Dechunked(INCOMPLETE, null, false);
                }
                if (in[pos + 1] != '\n') {
                    return new Dechunked(INVALID, null, false);
                }
                pos += 2;
            }
            while (true) {
                int lf = indexOf(in, pos, (byte) '\n');
                if (lf < 0) {
                    return new Dechunked(INCOMPLETE, null, false);
                }
                if (lf == pos || in[lf - 1] != '\r') {
                    return new Dechunked(INVALID, null, false);
                }
                if (lf == pos + 1) {
                    return new Dechunked(COMPLETE, body.toByteArray(), plain);
                }
                plain = false;
                pos = lf + 1;
            }
        }

        private static int hex(byte b) {
            if (b >= '0' && b <= '9') {
                return b - '0';
            }
            if (b >= 'a' && b <= 'f') {
                return b - 'a' + 10;
            }
            return b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
        }

        private static int indexOf(byte[] a, int from, byte b) {
            for (int i = from; i < a.length; i++) {
                if (a[i] == b) {
                    return i;
                }
            }
            return -1;
        }
    }
}
