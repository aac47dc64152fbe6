package dev.brisk.client.internal.http2;

import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.internal.exchange.ConnectionSettings;
import dev.brisk.client.internal.exchange.Exchange;
import dev.brisk.client.internal.exchange.OnDemandDecompressor;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.MultiplexedConnection;
import dev.brisk.client.internal.pool.Waiter;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.nio.channels.ClosedChannelException;

/**
 * One pooled HTTP/2 connection: the last handler of the parent channel, after the frame codec and the stream
 * multiplexer. Opens a stream per request as long as the server's SETTINGS_MAX_CONCURRENT_STREAMS allows, stops taking
 * new streams after GOAWAY, and reports freed stream slots to its {@link ConnectionOwner}. Touched only on its event
 * loop.
 */
public final class Http2Connection extends ChannelInboundHandlerAdapter implements MultiplexedConnection {

    private final ConnectionSettings settings;
    private final ConnectionOwner owner;
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

    /** A connection over {@code codec}, which must be in the same pipeline, before the multiplexer. */
    public Http2Connection(ConnectionSettings settings, ConnectionOwner owner, Http2FrameCodec codec) {
        this.settings = settings;
        this.owner = owner;
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
    public Future<Void> settingsReceived() {
        return settingsReceived;
    }

    @Override
    public boolean hasCapacity() {
        return !goingAway && !detached && channel.isActive() && !codec.connection().goAwayReceived()
                && active < codec.connection().local().maxActiveStreams();
    }

    @Override
    public boolean isIdle() {
        return active == 0;
    }

    @Override
    public long idleSinceNanos() {
        return idleSinceNanos;
    }

    /** Opens a stream for {@code waiter}: every waiter of the client's pools is a call, an {@link Exchange}. */
    @Override
    public void lendTo(Waiter waiter) {
        open((Exchange) waiter);
    }

    /** Opens a stream for {@code exchange} and hands it over; the caller checked {@link #hasCapacity()}. */
    public void open(Exchange exchange) {
        active++;
        boolean reused = opened++ > 0;
        streams.open().addListener(f -> {
            if (!f.isSuccess()) {
                streamEnded();
                exchange.onAcquireFailed(new ConnectionClosedException(settings.key().toString(), reused, false,
                        f.cause()));
                return;
            }
            Http2Stream stream = new Http2Stream(this, reused);
            streamPipeline(((Http2StreamChannel) f.getNow()).pipeline(), stream);
            exchange.onAcquired(stream);
        });
    }

    /** A stream's own pipeline: frame/object conversion, optional decompression, the exchange. */
    private void streamPipeline(ChannelPipeline pipeline, Http2Stream stream) {
        pipeline.addLast(Http2Stream.CODEC, new Http2StreamFrameToHttpObjectCodec(false, false));
        if (settings.decompression()) {
            pipeline.addLast(OnDemandDecompressor.NAME, new OnDemandDecompressor());
        }
        pipeline.addLast("exchange", stream);
    }

    ConnectionSettings settings() {
        return settings;
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
        owner.streamFree(this);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof Http2SettingsFrame) {
                if (!settingsReceived.isDone()) {
                    settingsReceived.trySuccess(null);
                } else {
                    owner.streamFree(this); // the limit may have grown
                }
            } else if (msg instanceof Http2GoAwayFrame) {
                goingAway = true; // streams above last-stream-id learn it from the multiplexer and fail as refused
                owner.goAway(this);
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
    public void retire() {
        goingAway = true;
        if (active == 0) {
            close();
        }
    }

    @Override
    public void close() {
        detach();
        channel.close();
    }

    private void detach() {
        if (!detached) {
            detached = true;
            owner.closed(this);
        }
    }

    /** Refuses streams the server tries to open (push is switched off in our SETTINGS anyway). */
    @ChannelHandler.Sharable
    public static final class PushRefuser extends ChannelInboundHandlerAdapter {
        public static final PushRefuser INSTANCE = new PushRefuser();

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
