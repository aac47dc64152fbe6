package dev.brisk.http.internal.websocket;

import dev.brisk.http.internal.Deadlines;
import dev.brisk.http.internal.WriteProgress;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;

import java.util.concurrent.ScheduledFuture;
import java.util.function.BooleanSupplier;

/**
 * Keeps what a WebSocket peer can make the server queue for it bounded, whatever it sends. While the connection's
 * outbound bytes are above the high-water mark (the peer does not read), nothing more is read from it; reading resumes
 * when the connection is writable again, and a connection whose output makes no progress for the server's write
 * timeout is closed. Pings are answered at most once at a time (RFC 6455, section 5.5.3): a ping arriving while a
 * pong cannot be written replaces the pending one, whose payload (at most 125 bytes) is a copy. Used on the
 * connection's event loop.
 */
final class OutputLimit {

    private final ChannelHandlerContext ctx;
    private final ReadGate reading;
    /** True once the server has sent its close frame: no pong may follow it. */
    private final BooleanSupplier closeSent;
    private final Deadlines deadlines;
    private final WriteProgress progress = new WriteProgress();
    /** The payload of the latest ping not answered yet, or null. */
    private byte[] pendingPong;
    private boolean flushDue;
    private ScheduledFuture<?> stallCheck;

    OutputLimit(ChannelHandlerContext ctx, ReadGate reading, BooleanSupplier closeSent, Deadlines deadlines) {
        this.ctx = ctx;
        this.reading = reading;
        this.closeSent = closeSent;
        this.deadlines = deadlines;
    }

    /** Answers a ping with {@code payload} (not retained), now or when the connection is writable again. */
    void pong(ByteBuf payload) {
        byte[] copy = ByteBufUtil.getBytes(payload);
        if (pendingPong == null && ctx.channel().isWritable()) {
            ctx.write(new PongWebSocketFrame(Unpooled.wrappedBuffer(copy)));
            flushDue = true;
        } else {
            pendingPong = copy;
        }
        check();
    }

    /** The end of a read batch: flushes the pongs written during it. */
    void readComplete() {
        if (flushDue) {
            flushDue = false;
            ctx.flush();
        }
        check();
    }

    /** The connection's writability changed: sends the pending pong, resumes reading when writable. */
    void writabilityChanged() {
        check();
    }

    /** Whether the connection is past its high-water mark and reading is held back for that. */
    boolean backedUp() {
        return reading.isRaised(ReadGate.OUTPUT);
    }

    /**
     * Sends the pending pong once the connection is writable; holds reading back while it is not, watching for a
     * stalled peer meanwhile.
     */
    private void check() {
        if (ctx.channel().isWritable() && pendingPong != null) {
            byte[] payload = pendingPong;
            pendingPong = null;
            if (!closeSent.getAsBoolean()) {
                ctx.writeAndFlush(new PongWebSocketFrame(Unpooled.wrappedBuffer(payload)));
            }
        }
        if (!ctx.channel().isWritable()) {
            reading.raise(ReadGate.OUTPUT);
            if (stallCheck == null && ctx.channel().isActive()) {
                stallCheck = deadlines.start(ctx, this::closeIfStalled);
            }
        } else {
            reading.lower(ReadGate.OUTPUT);
            stop();
        }
    }

    private void closeIfStalled() {
        if (progress.stalledTicks(ctx.channel()) >= deadlines.write) {
            stop();
            ctx.channel().close();
        }
    }

    /** Stops watching (the connection is writable again, or gone). */
    void stop() {
        if (stallCheck != null) {
            stallCheck.cancel(false);
            stallCheck = null;
        }
    }
}
