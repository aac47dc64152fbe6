package dev.brisk.http.internal.http3;

import dev.brisk.http.internal.Deadlines;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http3.DefaultHttp3GoAwayFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One QUIC connection speaking HTTP/3, ahead of Netty's {@code Http3ServerConnectionHandler} in its pipeline: the
 * server's deadlines for its request streams (head, body, stalled response), its idle timeout, the limit on buffered
 * request bodies, and the graceful drain (GOAWAY, then close once the streams in progress are done). Everything runs
 * on the connection's event loop, which its streams share.
 */
final class Http3Connection extends ChannelInboundHandlerAdapter {

    static final int MAX_CLIENT_RESETS = 200;
    static final int RESET_WINDOW_SECONDS = 30;

    private final ServerContext server;
    private final Deadlines deadlines;
    private final long connectionBufferLimit;
    private final Set<Http3Stream> streams = new LinkedHashSet<>();
    private final ArrayDeque<Http3Stream> waitingForBuffer = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> ticker;
    private ScheduledFuture<?> handshakeDeadline;
    private long ticks;
    private long lastActivityTick;
    private long bufferedBodyBytes;
    /** Response bytes written to streams and not yet taken by QUIC (held back by the client's flow control). */
    private long queuedResponseBytes;
    /** Streams the client reset before their response ended, in the window that began at resetWindowStart. */
    private int clientResets;
    private long resetWindowStart;
    private long highestStreamId = -1;
    /** The first request stream id GOAWAY announced as not served; streams from it on are rejected. */
    private long goAwayId = Long.MAX_VALUE;
    private boolean draining;

    Http3Connection(ServerContext server) {
        this.server = server;
        this.deadlines = server.deadlines();
        this.connectionBufferLimit = server.options().limits().maxConnectionBuffer();
    }

    ServerContext server() {
        return server;
    }

    long ticks() {
        return ticks;
    }

    /** Whether the connection has announced GOAWAY for {@code streamId}: such a request stream is rejected. */
    boolean refuses(long streamId) {
        return streamId >= goAwayId;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        ticker = deadlines.start(ctx, this::tick);
        if (!ctx.channel().isActive()) {
            handshakeDeadline = deadlines.handshakeDeadline(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (handshakeDeadline != null) {
            handshakeDeadline.cancel(false);
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ticker != null) {
            ticker.cancel(false);
        }
        if (handshakeDeadline != null) {
            handshakeDeadline.cancel(false);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event == DrainEvent.INSTANCE) {
            drain();
            return;
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        server.log().log(System.Logger.Level.DEBUG, "closing HTTP/3 connection after error", cause);
        close(Http3ErrorCode.H3_INTERNAL_ERROR);
    }

    // ---- streams ----------------------------------------------------------------------------------------------

    void opened(Http3Stream stream) {
        streams.add(stream);
        highestStreamId = Math.max(highestStreamId, stream.channel().streamId());
        lastActivityTick = ticks;
    }

    void closed(Http3Stream stream) {
        streams.remove(stream);
        waitingForBuffer.remove(stream);
        lastActivityTick = ticks;
        unbuffer(stream);
        if (draining && streams.isEmpty()) {
            close(Http3ErrorCode.H3_NO_ERROR);
        }
    }

    /**
     * An aggregated body grew: past the connection's limit its stream stops being read until others drain (a body
     * alone on the connection goes on, bounded by maxBodySize).
     */
    void buffered(Http3Stream stream, int length) {
        bufferedBodyBytes += length;
        if (bufferedBodyBytes > connectionBufferLimit && bufferedBodyBytes > stream.bufferedBytes
                && !stream.waitingForBuffer) {
            stream.waitingForBuffer = true;
            stream.stopReading();
            waitingForBuffer.add(stream);
        }
    }

    private void unbuffer(Http3Stream stream) {
        bufferedBodyBytes -= stream.bufferedBytes;
        stream.bufferedBytes = 0;
        while (bufferedBodyBytes <= connectionBufferLimit && !waitingForBuffer.isEmpty()) {
            Http3Stream waiting = waitingForBuffer.poll();
            waiting.waitingForBuffer = false;
            if (!waiting.isPaused()) {
                waiting.readAgain();
            }
        }
    }

    // ---- responses and resets --------------------------------------------------------------------------------

    /**
     * Whether more response data may be queued on {@code stream}. While the connection holds more unsent response
     * bytes than its buffer limit (a client that grants no flow-control credit, or does not read), a whole body is not
     * queued at all and a streamed body may queue only on a stream that has nothing queued yet: a writer that waits
     * for writability each time holds one piece at most. The bytes one connection holds are so bounded by the limit
     * plus one body, or one piece per stream. A refused response's stream is reset with H3_EXCESSIVE_LOAD, and
     * {@code data}, refused, is released.
     */
    boolean mayQueue(Http3Stream stream, boolean wholeBody, ByteBuf data) {
        if (queuedResponseBytes <= connectionBufferLimit || !wholeBody && stream.queuedResponseBytes == 0) {
            return true;
        }
        data.release();
        server.tracker().bufferLimitRefused();
        stream.reset(Http3ErrorCode.H3_EXCESSIVE_LOAD);
        return false;
    }

    /** Counts {@code length} response bytes on {@code stream} as queued until {@code write} completes. */
    void queued(Http3Stream stream, int length, ChannelFuture write) {
        queuedResponseBytes += length;
        stream.queuedResponseBytes += length;
        write.addListener(f -> {
            queuedResponseBytes -= length;
            stream.queuedResponseBytes -= length;
        });
    }

    /**
     * A stream the client reset before its response ended. QUIC gives the client new stream credit as soon as both
     * sides of such a stream are closed, while the handler may still work on its request: past
     * {@value #MAX_CLIENT_RESETS} such resets in {@value #RESET_WINDOW_SECONDS} seconds (Netty's limit for HTTP/2's
     * rapid reset) the connection is closed with H3_EXCESSIVE_LOAD.
     */
    void resetByClient() {
        long now = System.nanoTime();
        if (now - resetWindowStart > TimeUnit.SECONDS.toNanos(RESET_WINDOW_SECONDS)) {
            resetWindowStart = now;
            clientResets = 0;
        }
        if (++clientResets > MAX_CLIENT_RESETS) {
            server.log().log(System.Logger.Level.DEBUG, "closing HTTP/3 connection: more than "
                    + MAX_CLIENT_RESETS + " streams reset by the client in " + RESET_WINDOW_SECONDS + " s");
            close(Http3ErrorCode.H3_EXCESSIVE_LOAD);
        }
    }

    // ---- deadlines and shutdown -------------------------------------------------------------------------------

    /** Checks every deadline of the connection and its streams; runs once per {@link Deadlines} period. */
    private void tick() {
        ticks++;
        if (!ctx.channel().isActive()) {
            return;
        }
        if (streams.isEmpty()) {
            if (ticks - lastActivityTick >= deadlines.idle) {
                close(Http3ErrorCode.H3_NO_ERROR);
            }
            return;
        }
        for (Http3Stream stream : new ArrayList<>(streams)) {
            check(stream);
        }
    }

    /** A head or body that stops arriving, or a response the client grants no credit for, ends its stream. */
    private void check(Http3Stream stream) {
        Http3Request request = stream.request();
        if (request == null) {
            if (ticks - stream.openedTick >= deadlines.header) {
                stream.reset(Http3ErrorCode.H3_REQUEST_INCOMPLETE);
            }
            return;
        }
        if (!request.bodyEnded() && !stream.channel().isInputShutdown()) {
            if (request.isPaused()) {
                // a body held back by the connection's buffer limit is not paused by the application: it keeps its
                // deadline, so uploads that wait on one another end rather than hold the connection forever
                stream.lastDataTick = ticks;
            } else {
                stream.bodyActiveTicks++;
                if (ticks - stream.lastDataTick >= deadlines.body
                        || deadlines.tooSlow(request.bodyBytes(), stream.bodyActiveTicks)) {
                    request.failBody(new IllegalStateException("request body not received in time"));
                    stream.reject(408, "request body not received in time");
                    return;
                }
            }
        }
        if (request.response.isCommitted() && !stream.channel().isWritable()) {
            if (++stream.stalledWriteTicks >= deadlines.write) {
                stream.reset(Http3ErrorCode.H3_REQUEST_CANCELLED);
            }
        } else {
            stream.stalledWriteTicks = 0;
        }
    }

    /**
     * Announces GOAWAY with the first stream id this connection will not serve, so the client retries later
     * requests elsewhere, and closes once the streams in progress are done (the server's shutdown closes what is
     * left at its timeout).
     */
    private void drain() {
        if (draining) {
            return;
        }
        draining = true;
        goAwayId = highestStreamId < 0 ? 0 : highestStreamId + 4;
        QuicStreamChannel control = Http3.getLocalControlStream(ctx.channel());
        if (control != null && control.isActive()) {
            control.writeAndFlush(new DefaultHttp3GoAwayFrame(goAwayId))
                    .addListener(f -> {
                        if (streams.isEmpty()) {
                            close(Http3ErrorCode.H3_NO_ERROR);
                        }
                    });
        } else if (streams.isEmpty()) {
            close(Http3ErrorCode.H3_NO_ERROR);
        }
    }

    private void close(Http3ErrorCode code) {
        if (ctx.channel().isActive()) {
            ((QuicChannel) ctx.channel()).close(true, code.code(), Unpooled.EMPTY_BUFFER);
        } else {
            ctx.channel().close();
        }
    }
}
