package dev.brisk.client.internal;

import dev.brisk.client.PoolExhaustedException;
import dev.brisk.codec.Codecs;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContentDecompressor;
import io.netty.handler.codec.http.HttpDecoderConfig;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The connections to one host that live on one event loop, and the calls of that loop waiting for one. Everything
 * here runs on that loop, so there are no locks: acquiring a connection and writing to it happen on the same thread.
 * Idle connections are kept most-recently-used first; the oldest are closed after the idle timeout.
 */
final class ChildPool {

    static final String CODEC = "codec";

    private final HostPool host;
    private final ClientRuntime runtime;
    private final EventLoop loop;
    private final int maxConnections;
    private final int maxPending;
    private final Bootstrap bootstrap;

    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private final ArrayDeque<Call> waiters = new ArrayDeque<>();
    private final Set<Connection> all = new HashSet<>();
    private int open;
    private boolean sweepScheduled;
    private boolean closed;
    private final Runnable sweepTask = this::sweep;

    ChildPool(HostPool host, ClientRuntime runtime, EventLoop loop, int maxConnections, int maxPending) {
        this.host = host;
        this.runtime = runtime;
        this.loop = loop;
        this.maxConnections = maxConnections;
        this.maxPending = maxPending;
        this.bootstrap = runtime.bootstrap().clone(loop).handler(new Initializer());
    }

    HostKey key() {
        return host.key();
    }

    EventLoop loop() {
        return loop;
    }

    boolean decompression() {
        return runtime.options().decompression();
    }

    long maxResponseSize() {
        return runtime.options().maxResponseSize();
    }

    Codecs codecs() {
        return runtime.options().codecs();
    }

    /** Open connections (idle, leased and connecting); for tests and metrics. */
    int open() {
        return open;
    }

    /**
     * Leases a connection to {@code call}: an idle one, a new one while under the limit, or a place in the queue.
     * Returns false when this pool is closed (the caller looks the host up again).
     */
    boolean acquire(Call call) {
        if (closed) {
            return false;
        }
        Connection connection;
        if (call.wantsFreshConnection()) {
            // the last reused connection turned out stale: its idle siblings may be too, so open a new one
            if (open >= maxConnections && (connection = idle.pollLast()) != null) {
                connection.close();
            }
        } else {
            while ((connection = idle.pollFirst()) != null) {
                if (connection.isUsable()) {
                    call.onAcquired(connection);
                    return true;
                }
                connection.close();
            }
        }
        if (open < maxConnections) {
            connect(call);
        } else if (waiters.size() < maxPending) {
            waiters.addLast(call);
            call.onQueued(this);
        } else {
            call.onAcquireFailed(new PoolExhaustedException(host.key().toString(), host.maxConnections(),
                    host.maxPending()));
        }
        return true;
    }

    /** Takes a waiting call out of the queue (acquire timeout, cancellation). */
    void removeWaiter(Call call) {
        waiters.remove(call);
    }

    /** Takes back a connection whose exchange ended cleanly. */
    void release(Connection connection) {
        if (closed || !connection.isUsable()) {
            connection.close();
            return;
        }
        Call waiter = waiters.pollFirst();
        if (waiter != null) {
            waiter.onAcquired(connection);
            return;
        }
        connection.markIdle(System.nanoTime());
        idle.addFirst(connection);
        if (!sweepScheduled) {
            sweepScheduled = true;
            loop.schedule(sweepTask, runtime.idleTimeoutNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** A connection closed (by either side); its slot is free again. Called once per connection. */
    void onClosed(Connection connection) {
        if (connection != null && all.remove(connection)) {
            open--;
            idle.remove(connection);
        }
        Call waiter;
        while (open < maxConnections && !closed && (waiter = waiters.pollFirst()) != null) {
            if (!waiter.isDone()) {
                waiter.onDequeued();
                connect(waiter);
            }
        }
    }

    private void connect(Call call) {
        open++;
        bootstrap.connect(host.key().address()).addListener(new ConnectAttempt(call));
    }

    /** Closes idle connections that waited longer than the idle timeout, oldest first. */
    private void sweep() {
        sweepScheduled = false;
        long now = System.nanoTime();
        long timeout = runtime.idleTimeoutNanos();
        Connection oldest;
        while ((oldest = idle.peekLast()) != null && now - oldest.idleSinceNanos() >= timeout) {
            idle.pollLast();
            oldest.close();
        }
        if (oldest != null && !closed) {
            sweepScheduled = true;
            loop.schedule(sweepTask, oldest.idleSinceNanos() + timeout - now, TimeUnit.NANOSECONDS);
        }
    }

    /** Closes every connection and fails the waiting calls; later acquires return false. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<Call> waiting = new ArrayList<>(waiters);
        waiters.clear();
        for (Call call : waiting) {
            call.onAcquireFailed(Failures.clientClosed(host.key()));
        }
        idle.clear();
        for (Iterator<Connection> it = new ArrayList<>(all).iterator(); it.hasNext(); ) {
            it.next().close();
        }
    }

    /** Hands a newly connected channel to the call that asked for it, or to the pool if that call is gone. */
    private final class ConnectAttempt implements ChannelFutureListener {
        private final Call call;

        ConnectAttempt(Call call) {
            this.call = call;
        }

        @Override
        public void operationComplete(ChannelFuture future) {
            Channel channel = future.channel();
            Connection connection = channel.pipeline().get(Connection.class);
            if (future.isSuccess() && connection != null) {
                if (call.isDone()) {
                    release(connection);
                } else {
                    call.onAcquired(connection);
                }
                return;
            }
            if (connection != null) {
                connection.close();
            } else {
                open--;
                channel.close();
                onClosed(null);
            }
            call.onAcquireFailed(Failures.connectFailure(host.key(), future.cause(), runtime.connectTimeoutMillis()));
        }
    }

    /** Builds the pipeline: HTTP/1.1 codec, optional decompression, then the connection handler. */
    private final class Initializer extends ChannelInitializer<Channel> {
        @Override
        protected void initChannel(Channel channel) {
            ChannelPipeline pipeline = channel.pipeline();
            pipeline.addLast(CODEC, new HttpClientCodec(new HttpDecoderConfig()
                    .setMaxInitialLineLength(8192)
                    .setMaxHeaderSize(32 * 1024)
                    .setMaxChunkSize(64 * 1024), false, false));
            if (runtime.options().decompression()) {
                pipeline.addLast("decompressor", new HttpContentDecompressor(false, 0));
            }
            Connection connection = new Connection(ChildPool.this);
            all.add(connection);
            pipeline.addLast("connection", connection);
        }
    }
}
