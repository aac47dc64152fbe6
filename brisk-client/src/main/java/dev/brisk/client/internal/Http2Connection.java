package dev.brisk.client.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.nio.channels.ClosedChannelException;

/**
 * One HTTP/2 connection of a {@link ChildPool}: the last handler of the parent channel. Opens a stream per request as
 * long as the server's SETTINGS_MAX_CONCURRENT_STREAMS allows, stops taking new streams after GOAWAY, and reports
 * freed stream slots to the pool. Touched only on its event loop.
 */
final class Http2Connection extends ChannelInboundHandlerAdapter implements PooledConnection {

    private final ChildPool pool;
    private final Http2FrameCodec codec;
    private Channel channel;
    private Http2StreamChannelBootstrap streams;
    private Promise<Void> settingsReceived;
    private int active;
    private int opened;
    private boolean goingAway;
    private boolean detached;
    private Throwable closeCause;
    private long idleSinceNanos;

    Http2Connection(ChildPool pool, Http2FrameCodec codec) {
        this.pool = pool;
        this.codec = codec;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        streams = new Http2StreamChannelBootstrap(channel);
        settingsReceived = ctx.executor().newPromise();
        idleSinceNanos = System.nanoTime();
    }

    /** Completes when the server's first SETTINGS frame arrived (its stream limit is known then). */
    Future<Void> settingsReceived() {
        return settingsReceived;
    }

    /** Whether one more stream may be opened now. */
    boolean hasCapacity() {
        return !goingAway && !detached && channel.isActive() && !codec.connection().goAwayReceived()
                && active < codec.connection().local().maxActiveStreams();
    }

    boolean isIdle() {
        return active == 0;
    }

    long idleSinceNanos() {
        return idleSinceNanos;
    }

    /** Opens a stream for {@code call} and hands it over; the caller checked {@link #hasCapacity()}. */
    void open(Call call) {
        active++;
        boolean reused = opened++ > 0;
        streams.open().addListener(f -> {
            if (!f.isSuccess()) {
                streamEnded();
                call.onAcquireFailed(new dev.brisk.client.ConnectionClosedException(pool.key().toString(), reused,
                        false, f.cause()));
                return;
            }
            Http2StreamChannel child = (Http2StreamChannel) f.getNow();
            Http2Stream stream = new Http2Stream(this, reused);
            pool.http2StreamPipeline(child.pipeline(), stream);
            call.onAcquired(stream);
        });
    }

    ChildPool pool() {
        return pool;
    }

    /** Whether the server's GOAWAY says it never processed stream {@code id} (or the stream never got an id). */
    boolean refusedByGoAway(int id) {
        return codec.connection().goAwayReceived()
                && (id <= 0 || id > codec.connection().local().lastStreamKnownByPeer());
    }

    /** The last-stream-id of the server's GOAWAY, once one has been received. */
    int goAwayLastStreamId() {
        return codec.connection().local().lastStreamKnownByPeer();
    }

    /**
     * The error that ended the connection, if it ended on one (a connection error such as a header block far above
     * the announced SETTINGS_MAX_HEADER_LIST_SIZE), for the failures of its streams; null otherwise.
     */
    Throwable closeCause() {
        return closeCause;
    }

    /** A stream finished, however it ended: its slot is free. */
    void streamEnded() {
        active--;
        if (active == 0) {
            idleSinceNanos = System.nanoTime();
            if (goingAway) {
                close();
                return;
            }
        }
        pool.onStreamFree(this);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof Http2SettingsFrame) {
                if (!settingsReceived.isDone()) {
                    settingsReceived.trySuccess(null);
                } else {
                    pool.onStreamFree(this); // the limit may have grown
                }
            } else if (msg instanceof Http2GoAwayFrame) {
                goingAway = true; // streams above last-stream-id learn it from the multiplexer and fail as refused
                pool.onGoAway(this);
                if (active == 0) {
                    close();
                }
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        settingsReceived.tryFailure(new ClosedChannelException());
        detach();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (closeCause == null) {
            closeCause = cause;
        }
        settingsReceived.tryFailure(cause);
        close();
    }

    @Override
    public void close() {
        detach();
        channel.close();
    }

    private void detach() {
        if (!detached) {
            detached = true;
            pool.onClosed(this);
        }
    }

    /** Refuses streams the server tries to open (push is switched off in our SETTINGS anyway). */
    @ChannelHandler.Sharable
    static final class PushRefuser extends ChannelInboundHandlerAdapter {
        static final PushRefuser INSTANCE = new PushRefuser();

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.close();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            ctx.close();
        }
    }
}
