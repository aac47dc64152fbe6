package dev.brisk.client.internal.http3;

import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.StreamRefusedException;
import dev.brisk.client.internal.exchange.ConnectionSettings;
import dev.brisk.client.internal.exchange.Exchange;
import dev.brisk.client.internal.exchange.OnDemandDecompressor;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.MultiplexedConnection;
import dev.brisk.client.internal.pool.Waiter;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3FrameToHttpObjectCodec;
import io.netty.handler.codec.http3.Http3GoAwayFrame;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamLimitChangedEvent;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One pooled HTTP/3 connection: a QUIC connection on a UDP socket of its own, the last handler of the QUIC channel's
 * pipeline. Opens a bidirectional stream per request while the server's stream limit (QUIC MAX_STREAMS) leaves room, stops taking new streams after GOAWAY, and reports freed stream slots to its {@link ConnectionOwner}. Touched
 * only on its event loop.
 */
final class Http3Connection extends ChannelInboundHandlerAdapter implements MultiplexedConnection {

    private final ConnectionSettings settings;
    private final ConnectionOwner owner;
    private final Channel datagram;
    private QuicChannel quic;
    private int active;
    private int opened;
    private Promise<Void> streamsKnown;
    /** Whether the last stream could not open because the server has not raised its stream limit yet. */
    private boolean blocked;
    /** Calls whose stream waits for the server to raise its stream limit; they count as active. */
    private final ArrayDeque<Exchange> parked = new ArrayDeque<>();
    private long retryDelayMillis;
    private ScheduledFuture<?> retryTimer;
    private boolean retrying;
    private boolean goingAway;
    private long goAwayId = -1;
    private boolean detached;
    private boolean handedOver;
    private long idleSinceNanos = System.nanoTime();

    Http3Connection(ConnectionSettings settings, ConnectionOwner owner, Channel datagram) {
        this.settings = settings;
        this.owner = owner;
        this.datagram = datagram;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        quic = (QuicChannel) ctx.channel();
        streamsKnown = ctx.executor().newPromise();
    }

    @Override
    public boolean hasCapacity() {
        return !goingAway && !detached && !blocked && quic.isActive()
                && quic.peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) > 0;
    }

    /**
     * Completes once Netty knows how many streams the server allows: after the first packets that follow the
     * handshake. Netty counts the streams opened against that number and reads it again from QUIC whenever it runs
     * out, so no stream may open before.
     */
    Future<Void> streamsKnown() {
        return streamsKnown;
    }

    private void checkStreamsKnown() {
        if (!streamsKnown.isDone() && quic.peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) > 0) {
            streamsKnown.trySuccess(null);
        }
    }

    @Override
    public boolean isIdle() {
        return active == 0;
    }

    @Override
    public long idleSinceNanos() {
        return idleSinceNanos;
    }

    /** Whether the connection runs over QUIC: always. */
    @Override
    public boolean quic() {
        return true;
    }

    /** Opens a request stream for {@code waiter}: every waiter of the client's pools is a call, an {@link Exchange}. */
    @Override
    public void lendTo(Waiter waiter) {
        active++;
        open((Exchange) waiter);
    }

    /**
     * Opens a stream for {@code exchange}, counted as active already. Should the server's stream limit be reached all
     * the same (QUIC's limit is a running total the server raises as streams end), the call waits here, unsent, and
     * is tried again shortly (see {@link #retryParked}).
     */
    private void open(Exchange exchange) {
        boolean reused = opened++ > 0;
        Http3Stream stream = new Http3Stream(this, reused);
        Http3.newRequestStream(quic, new StreamPipeline(stream)).addListener(f -> {
            if (f.isSuccess()) {
                exchange.onAcquired(stream);
                return;
            }
            opened--;
            if (quic.isActive() && !goingAway) {
                parked.add(exchange);
                blocked = true;
                if (retryTimer == null && !retrying) {
                    retryDelayMillis = 1;
                    retryTimer = quic.eventLoop().schedule(this::retryTimerFired, retryDelayMillis,
                            TimeUnit.MILLISECONDS);
                }
                return;
            }
            streamEnded();
            exchange.onAcquireFailed(new ConnectionClosedException(settings.key().toString(), reused, false,
                    f.cause()));
        });
    }

    ConnectionSettings settings() {
        return settings;
    }

    /** Whether the server's GOAWAY says it will not process stream {@code id}. */
    boolean refusedByGoAway(long id) {
        return goAwayId >= 0 && id >= goAwayId;
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

    /** The server sent GOAWAY: streams from {@code id} on are not processed, and no new ones are opened. */
    void goAway(long id) {
        goingAway = true;
        goAwayId = goAwayId < 0 ? id : Math.min(goAwayId, id);
        owner.goAway(this);
        if (active == 0) {
            close();
        }
    }

    /**
     * Tries the parked calls again. Netty does not tell when the server raises its stream limit, so this runs a
     * moment after a stream failed to open (1 ms, doubling up to 64 ms while it keeps failing) and whenever packets
     * arrive on the connection.
     */
    private void retryParked() {
        if (!blocked || detached) {
            return;
        }
        blocked = false;
        retrying = true;
        Exchange exchange;
        while (!blocked && (exchange = parked.poll()) != null) {
            if (((Waiter) exchange).isDone()) {
                streamEnded();
                exchange.onAcquireFailed(new CancellationException("call cancelled"));
            } else {
                open(exchange);
            }
        }
        retrying = false;
        if (!blocked) {
            owner.streamFree(this);
        } else if (retryTimer == null) {
            retryDelayMillis = Math.min(64, retryDelayMillis * 2);
            retryTimer = quic.eventLoop().schedule(this::retryTimerFired, retryDelayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void retryTimerFired() {
        retryTimer = null;
        retryParked();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        checkStreamsKnown();
        retryParked();
        ctx.fireChannelReadComplete();
    }

    /** The server raised its stream limit: calls waiting in the pool may open streams. */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof QuicStreamLimitChangedEvent) {
            checkStreamsKnown();
            if (handedOver && !detached && !goingAway && hasCapacity()) {
                owner.streamFree(this);
            }
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        streamsKnown.tryFailure(new ClosedChannelException());
        detach();
        datagram.close();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        close();
    }

    @Override
    public void close() {
        detach();
        quic.close();
        datagram.close();
    }

    /** The connection is ready and given to the pool, which is told when it closes from now on. */
    void handedOver() {
        handedOver = true;
    }

    /** Takes no new streams and closes once the open ones end. */
    @Override
    public void retire() {
        goingAway = true;
        if (active == 0) {
            close();
        }
    }

    private void detach() {
        if (!detached) {
            detached = true;
            Exchange exchange;
            while ((exchange = parked.poll()) != null) {
                active--;
                exchange.onAcquireFailed(new StreamRefusedException(settings.key().toString(),
                        "the HTTP/3 connection closed before the request's stream could open"));
            }
            if (handedOver) {
                owner.closed(this);
            }
        }
    }

    /** A request stream's pipeline after Netty's HTTP/3 codec: HTTP objects, optional decompression, the exchange. */
    private final class StreamPipeline extends ChannelInitializer<QuicStreamChannel> {
        private final Http3Stream stream;

        StreamPipeline(Http3Stream stream) {
            this.stream = stream;
        }

        @Override
        protected void initChannel(QuicStreamChannel channel) {
            channel.pipeline().addLast(Http3Stream.CODEC, new Http3FrameToHttpObjectCodec(false, false));
            if (settings.decompression()) {
                channel.pipeline().addLast(OnDemandDecompressor.NAME, new OnDemandDecompressor());
            }
            channel.pipeline().addLast("exchange", stream);
        }
    }

    /** Hears the frames of the server's control stream: GOAWAY. */
    final class ControlFrames extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http3GoAwayFrame goAway && !detached) {
                    goAway(goAway.id());
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }
    }
}
