package dev.brisk.http.internal.http2;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Stream;

import io.netty.handler.codec.http2.Http2Exception;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * Streamed writes waiting for their HTTP/2 stream to take more data. A stream is writable when its flow-control window
 * is larger than what is already queued on it, the socket is writable and the connection's limit on queued response
 * bytes lets the stream queue more; the flow controller reports changes as the peer's WINDOW_UPDATE frames arrive, so
 * a slow reader holds back the writer of its stream and no other. Used on the connection's event loop only.
 */
final class StreamWritability implements Http2RemoteFlowController.Listener {

    private final Http2Connection connection;
    private final Http2Connection.PropertyKey key;
    private final Http2RemoteFlowController flowController;
    private final Predicate<Http2Stream> withinQueueLimit;
    private int waitingStreams;

    StreamWritability(Http2Connection connection, Http2RemoteFlowController flowController,
                      Predicate<Http2Stream> withinQueueLimit) {
        this.connection = connection;
        this.key = connection.newKey();
        this.flowController = flowController;
        this.withinQueueLimit = withinQueueLimit;
        flowController.listener(this);
    }

    /** Completes {@code result} now when {@code stream} can take data (or is gone), otherwise when it can. */
    void whenWritable(Http2Stream stream, Channel channel, CompletableFuture<Void> result) {
        if (stream == null || !channel.isActive() || writable(stream, channel)) {
            result.complete(null);
            return;
        }
        ArrayDeque<CompletableFuture<Void>> waiters = stream.getProperty(key);
        if (waiters == null) {
            waiters = new ArrayDeque<>(2);
            stream.setProperty(key, waiters);
            waitingStreams++;
        }
        waiters.add(result);
    }

    @Override
    public void writabilityChanged(Http2Stream stream) {
        ChannelHandlerContext ctx = flowController.channelHandlerContext();
        if (ctx != null) {
            signal(stream, ctx.channel());
        }
    }

    /**
     * The socket's writability changed (or it closed), or the connection's queued response bytes fell below its
     * limit: look at every stream with waiters.
     */
    void signalAll(Channel channel) {
        if (waitingStreams == 0) {
            return;
        }
        try {
            connection.forEachActiveStream(stream -> {
                signal(stream, channel);
                return waitingStreams > 0;
            });
        } catch (Http2Exception e) {
            throw new IllegalStateException(e); // the visitor never throws
        }
    }

    /** The stream closed: its writers learn it from their next write. */
    void release(Http2Stream stream) {
        complete(stream);
    }

    private void signal(Http2Stream stream, Channel channel) {
        if (!channel.isActive() || writable(stream, channel)) {
            complete(stream);
        }
    }

    /** Whether a writer on {@code stream} may write now. */
    boolean writable(Http2Stream stream, Channel channel) {
        return channel.isWritable() && flowController.isWritable(stream) && withinQueueLimit.test(stream);
    }

    private void complete(Http2Stream stream) {
        ArrayDeque<CompletableFuture<Void>> waiters = stream.removeProperty(key);
        if (waiters == null) {
            return;
        }
        waitingStreams--;
        for (CompletableFuture<Void> waiter; (waiter = waiters.poll()) != null; ) {
            waiter.complete(null);
        }
    }
}
