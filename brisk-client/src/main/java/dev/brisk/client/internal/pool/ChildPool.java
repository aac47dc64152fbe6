package dev.brisk.client.internal.pool;

import dev.brisk.client.ClientOptions;
import dev.brisk.client.PoolExhaustedException;
import dev.brisk.client.ProtocolPolicy;
import dev.brisk.client.internal.Call;
import dev.brisk.client.internal.ClientRuntime;
import dev.brisk.client.internal.ConnectionSettings;
import dev.brisk.client.internal.Failures;
import dev.brisk.client.internal.HostKey;
import dev.brisk.client.internal.PooledConnection;
import dev.brisk.client.internal.http1.Http1Connection;
import dev.brisk.client.internal.http2.Http2Connection;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The connections to one host that live on one event loop, and the calls of that loop waiting for one. Everything
 * here runs on that loop, so there are no locks: acquiring a connection and writing to it happen on the same thread.
 *
 * <p>HTTP/1.1 connections carry one exchange at a time; idle ones are kept most-recently-used first and the oldest are
 * closed after the idle timeout. HTTP/2 connections carry many streams: a call takes a stream on a connection below
 * the server's stream limit, and a new connection is opened only when all are full. While a connection that may turn
 * out to be HTTP/2 is being set up, further calls wait for it rather than opening more connections.
 */
public final class ChildPool implements Http1Connection.Owner, Http2Connection.Owner {

    private final HostPool host;
    private final ClientRuntime runtime;
    private final EventLoop loop;
    private final int maxConnections;
    private final int maxPending;
    private final Bootstrap bootstrap;
    private final boolean proxied;
    private final boolean mayBeHttp2;
    private final ConnectionSettings settings;

    private final ArrayDeque<Http1Connection> idle = new ArrayDeque<>();
    private final List<Http2Connection> http2 = new ArrayList<>(2);
    private final ArrayDeque<Call> waiters = new ArrayDeque<>();
    private final Set<PooledConnection> all = new HashSet<>();
    private int open;
    private int settingUp;
    private boolean spokeHttp1;
    private boolean skipH2cUpgrade;
    private boolean sweepScheduled;
    private volatile boolean closed;
    private final Runnable sweepTask = this::sweep;
    private boolean serveScheduled;
    private final Runnable serveTask = this::serveWaitersLater;
    private final PoolCounters counters = new PoolCounters();
    /** Idle connections reserved by callers on other threads whose calls have not reached this loop yet. */
    private final java.util.concurrent.atomic.AtomicInteger claims = new java.util.concurrent.atomic.AtomicInteger();

    ChildPool(HostPool host, ClientRuntime runtime, EventLoop loop, int maxConnections, int maxPending) {
        this.host = host;
        this.runtime = runtime;
        this.loop = loop;
        this.maxConnections = maxConnections;
        this.maxPending = maxPending;
        this.proxied = runtime.proxied(host.key());
        this.bootstrap = runtime.bootstrap(proxied).clone(loop).handler(new Initializer());
        ClientOptions options = runtime.options();
        this.settings = new ConnectionSettings(host.key(), options.codecs(), options.maxResponseSize(),
                options.decompression(), !host.key().secure(), options.expectContinueTimeout().toNanos());
        ProtocolPolicy protocol = options.protocol();
        this.mayBeHttp2 = host.key().secure() ? protocol != ProtocolPolicy.HTTP_1_1
                : protocol == ProtocolPolicy.H2 || protocol == ProtocolPolicy.H2C_PRIOR_KNOWLEDGE
                || protocol == ProtocolPolicy.H2C_UPGRADE;
    }

    HostKey key() {
        return host.key();
    }

    EventLoop loop() {
        return loop;
    }

    /** What every connection of this pool is told. */
    ConnectionSettings settings() {
        return settings;
    }

    long connectTimeoutMillis() {
        return runtime.connectTimeoutMillis();
    }

    /** Open connections (idle, leased and connecting); for tests and metrics. */
    int open() {
        return open;
    }

    /**
     * Reserves one of this pool's idle connections (or HTTP/2 connections without streams) for a call that another
     * thread is about to send to this pool's loop; false when every idle connection is reserved already. A caller
     * making one request at a time thus finds the connection its last request left idle, while a burst of callers
     * reserves at most as many calls as there are idle connections and spreads the rest over the loops. The counts are
     * a moment old at worst, which costs a connection opened where one was about to become idle. Any thread.
     */
    public boolean tryClaimIdle() {
        for (;;) {
            int reserved = claims.get();
            if (reserved >= counters.idle() || closed) {
                return false;
            }
            if (claims.compareAndSet(reserved, reserved + 1)) {
                return true;
            }
        }
    }

    /** Ends a reservation of {@link #tryClaimIdle()}: its call has asked this pool for a connection. On the loop. */
    public void unclaim() {
        claims.decrementAndGet();
    }

    /** This pool's counts, readable from any thread. */
    public PoolCounters counters() {
        return counters;
    }

    /** Copies the idle, pending and open counts to {@link #counters}; called after every change of state. */
    private void publishCounts() {
        int idleConnections = idle.size();
        for (int i = 0, n = http2.size(); i < n; i++) {
            if (http2.get(i).isIdle()) {
                idleConnections++;
            }
        }
        counters.update(idleConnections, waiters.size(), open);
    }

    /**
     * Leases a connection or stream to {@code call}: a stream on an HTTP/2 connection with room, an idle HTTP/1.1
     * connection, a new connection while under the limit, or a place in the queue. Returns false when this pool is
     * closed (the caller looks the host up again).
     */
    public boolean acquire(Call call) {
        if (closed) {
            return false;
        }
        try {
            lease(call);
        } finally {
            publishCounts();
        }
        return true;
    }

    private void lease(Call call) {
        Http1Connection connection;
        if (call.wantsFreshConnection()) {
            // the last reused connection turned out stale: its idle siblings may be too, so open a new one
            if (open >= maxConnections && (connection = idle.pollLast()) != null) {
                connection.close();
            }
        } else {
            Http2Connection h2 = http2WithRoom();
            if (h2 != null) {
                h2.open(call);
                return;
            }
            while ((connection = idle.pollFirst()) != null) {
                if (connection.isUsable()) {
                    call.onAcquired(connection);
                    return;
                }
                connection.close();
            }
        }
        if (open < maxConnections && !waitForSetup()) {
            connect(call);
        } else if (waiters.size() < maxPending) {
            waiters.addLast(call);
            call.onQueued(this);
        } else {
            call.onAcquireFailed(new PoolExhaustedException(host.key().toString(), host.maxConnections(),
                    host.maxPending()));
        }
    }

    /** Whether a call should wait for a connection being set up, since it may carry many streams. */
    private boolean waitForSetup() {
        return settingUp > 0 && mayBeHttp2 && !spokeHttp1;
    }

    private Http2Connection http2WithRoom() {
        for (int i = 0, n = http2.size(); i < n; i++) {
            Http2Connection h2 = http2.get(i);
            if (h2.hasCapacity()) {
                return h2;
            }
        }
        return null;
    }

    /** Takes a waiting call out of the queue (acquire timeout, cancellation). */
    public void removeWaiter(Call call) {
        waiters.remove(call);
        publishCounts();
    }

    /** Takes back an HTTP/1.1 connection whose exchange ended cleanly. */
    @Override
    public void release(Http1Connection connection) {
        try {
            handBack(connection);
        } finally {
            publishCounts();
        }
    }

    private void handBack(Http1Connection connection) {
        if (closed || !connection.isUsable()) {
            connection.close();
            return;
        }
        Call waiter;
        while ((waiter = waiters.pollFirst()) != null) {
            if (!waiter.isDone()) {
                waiter.onAcquired(connection);
                return;
            }
            waiter.onDequeued();
        }
        connection.markIdle(System.nanoTime());
        idle.addFirst(connection);
        scheduleSweep();
    }

    /**
     * An HTTP/2 stream slot became free (or the stream limit grew): serve waiting calls. Not at once: a stream ends
     * for us while Netty is still handling the frame that ended it, and Netty counts it as open until then, so a
     * stream opened now would be refused as one too many. The waiters are served right after that frame.
     */
    @Override
    public void streamFree(Http2Connection connection) {
        if (!waiters.isEmpty() && !serveScheduled) {
            serveScheduled = true;
            loop.execute(serveTask);
        }
        if (connection.isIdle()) {
            scheduleSweep();
        }
        publishCounts();
    }

    /** The server sent GOAWAY: the connection takes no new streams. */
    @Override
    public void goAway(Http2Connection connection) {
        http2.remove(connection);
        serveWaiters();
        publishCounts();
    }

    private void serveWaitersLater() {
        serveScheduled = false;
        serveWaiters();
        publishCounts();
    }

    /** Hands waiting calls to HTTP/2 streams with room, or to new connections while under the limit. */
    private void serveWaiters() {
        Call waiter;
        while (!closed && (waiter = waiters.peekFirst()) != null) {
            if (waiter.isDone()) {
                waiters.pollFirst();
                waiter.onDequeued();
                continue;
            }
            Http2Connection h2 = http2WithRoom();
            if (h2 != null) {
                waiters.pollFirst();
                waiter.onDequeued();
                h2.open(waiter);
            } else if (open < maxConnections && !waitForSetup()) {
                waiters.pollFirst();
                waiter.onDequeued();
                connect(waiter);
            } else {
                return;
            }
        }
    }

    /** A connection closed (by either side); its slot is free again. Called once per connection. */
    @Override
    public void closed(PooledConnection connection) {
        if (connection != null && all.remove(connection)) {
            open--;
            if (connection instanceof Http1Connection h1) {
                idle.remove(h1);
            } else {
                http2.remove(connection);
            }
        }
        serveWaiters();
        publishCounts();
    }

    private void connect(Call call) {
        open++;
        settingUp++;
        ChannelFuture connecting = bootstrap.connect(host.key().address());
        runtime.track(connecting.channel());
        connecting.addListener(new ConnectAttempt(call));
    }

    private void scheduleSweep() {
        if (!sweepScheduled && !closed) {
            sweepScheduled = true;
            loop.schedule(sweepTask, runtime.idleTimeoutNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** Closes connections idle for longer than the idle timeout: HTTP/1.1 oldest first, HTTP/2 without streams. */
    private void sweep() {
        sweepScheduled = false;
        long now = System.nanoTime();
        long timeout = runtime.idleTimeoutNanos();
        long next = Long.MAX_VALUE;
        Http1Connection oldest;
        while ((oldest = idle.peekLast()) != null && now - oldest.idleSinceNanos() >= timeout) {
            idle.pollLast();
            oldest.close();
        }
        if (oldest != null) {
            next = oldest.idleSinceNanos() + timeout - now;
        }
        for (Http2Connection h2 : new ArrayList<>(http2)) {
            if (h2.isIdle()) {
                long due = h2.idleSinceNanos() + timeout - now;
                if (due <= 0) {
                    h2.close();
                } else {
                    next = Math.min(next, due);
                }
            }
        }
        if (next != Long.MAX_VALUE && !closed) {
            sweepScheduled = true;
            loop.schedule(sweepTask, next, TimeUnit.NANOSECONDS);
        }
        publishCounts();
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
        http2.clear();
        for (PooledConnection connection : new ArrayList<>(all)) {
            connection.close();
        }
        publishCounts();
    }

    /**
     * The host answered an h2c upgrade probe without upgrading and closed the connection: new connections of this
     * pool speak HTTP/1.1 at once.
     */
    void h2cUpgradeRefused() {
        skipH2cUpgrade = true;
    }

    /** The protocol a new connection starts with: the configured one, unless the host refused the h2c upgrade. */
    private ProtocolPolicy protocolForNewConnection() {
        ProtocolPolicy protocol = runtime.options().protocol();
        return skipH2cUpgrade && protocol == ProtocolPolicy.H2C_UPGRADE ? ProtocolPolicy.HTTP_1_1 : protocol;
    }

    /** Follows a connection from TCP connect through setup to the call that asked for it. */
    private final class ConnectAttempt implements ChannelFutureListener {
        private final Call call;
        private final long startNanos = System.nanoTime();
        private Channel channel;

        ConnectAttempt(Call call) {
            this.call = call;
        }

        @Override
        public void operationComplete(ChannelFuture future) {
            channel = future.channel();
            ConnectionSetup setup = channel.pipeline().get(ConnectionSetup.class);
            if (!future.isSuccess() || setup == null) {
                failed(Failures.connectFailure(host.key(), future.cause(), runtime.connectTimeoutMillis(),
                        call.attempt()));
                return;
            }
            setup.ready().addListener(this::onReady);
            // one budget for the whole way to a usable connection: the setup gets what the TCP connect left
            long usedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
            setup.start(Math.max(1, runtime.connectTimeoutMillis() - usedMillis), call.attempt());
        }

        private void onReady(Future<? super PooledConnection> ready) {
            try {
                connected(ready);
            } finally {
                publishCounts();
            }
        }

        private void connected(Future<? super PooledConnection> ready) {
            if (!ready.isSuccess()) {
                failed(ready.cause());
                return;
            }
            settingUp--;
            PooledConnection connection = (PooledConnection) ready.getNow();
            all.add(connection);
            if (closed) {
                connection.close();
                call.onAcquireFailed(Failures.clientClosed(host.key()));
                return;
            }
            if (connection instanceof Http2Connection h2) {
                http2.add(h2);
                if (call.isDone()) {
                    call.onAcquireFailed(new java.util.concurrent.CancellationException("call cancelled"));
                } else {
                    h2.open(call);
                }
                serveWaiters();
            } else {
                spokeHttp1 = true;
                Http1Connection h1 = (Http1Connection) connection;
                if (call.isDone()) {
                    release(h1);
                    call.onAcquireFailed(new java.util.concurrent.CancellationException("call cancelled"));
                } else {
                    call.onAcquired(h1);
                    serveWaiters();
                }
            }
        }

        private void failed(Throwable cause) {
            settingUp--;
            open--;
            channel.close();
            if (cause instanceof H2cUpgradeRefusedException && !closed && !call.isDone()) {
                connect(call); // the probe was answered, so nothing of the call was sent: go on over HTTP/1.1
                return;
            }
            call.onAcquireFailed(cause);
            closed(null);
        }
    }

    /** Builds the connection-level pipeline: proxy, TLS, then the setup handler that picks the protocol. */
    private final class Initializer extends ChannelInitializer<Channel> {
        @Override
        protected void initChannel(Channel channel) {
            ProxyHandler proxy = proxied ? runtime.proxyHandler() : null;
            SslHandler ssl = Pipelines.connection(channel, host.key(), proxy,
                    host.key().secure() ? runtime.sslContext() : null, runtime.connectTimeoutMillis());
            Pipelines.setup(channel.pipeline(), new ConnectionSetup(ChildPool.this, protocolForNewConnection(), proxy,
                    ssl));
        }
    }
}
