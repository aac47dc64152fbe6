package dev.brisk.client.internal.pool;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The connections to one host that live on one event loop, and the calls of that loop waiting for one. Everything
 * here runs on that loop, so there are no locks: acquiring a connection and writing to it happen on the same thread.
 *
 * <p>HTTP/1.1 connections ({@link ExclusiveConnection}) carry one exchange at a time; idle ones are kept
 * most-recently-used first and the oldest are closed after the idle timeout. HTTP/2 connections
 * ({@link MultiplexedConnection}) carry many streams: a call takes a stream on a connection below the server's stream
 * limit, and a new connection is opened only when all are full. While a connection that may turn out to be HTTP/2 is
 * being set up, further calls wait for it rather than opening more connections. Calls are {@link Waiter}s, and new
 * connections come from the {@link Connector} the {@link PoolContext} made for this pool. HTTP/3 connections are
 * multiplexed connections too; once a host advertises HTTP/3, its TCP connections take no new calls.
 */
public final class ChildPool implements ConnectionOwner {

    private final HostPool host;
    private final PoolContext context;
    private final EventLoop loop;
    private final int maxConnections;
    private final int maxPending;
    private final Connector connector;
    private final boolean mayBeHttp2;

    private final ArrayDeque<ExclusiveConnection> idle = new ArrayDeque<>();
    private final List<MultiplexedConnection> http2 = new ArrayList<>(2);
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private final Set<PooledConnection> all = new HashSet<>();
    private int open;
    private int settingUp;
    private boolean spokeHttp1;
    private boolean sweepScheduled;
    private volatile boolean closed;
    private final Runnable sweepTask = this::sweep;
    private boolean serveScheduled;
    private final Runnable serveTask = this::serveWaitersLater;
    private final PoolCounters counters = new PoolCounters();
    /** Idle connections reserved by callers on other threads whose calls have not reached this loop yet. */
    private final AtomicInteger claims = new AtomicInteger();

    ChildPool(HostPool host, PoolContext context, EventLoop loop, int maxConnections, int maxPending) {
        this.host = host;
        this.context = context;
        this.loop = loop;
        this.maxConnections = maxConnections;
        this.maxPending = maxPending;
        this.connector = context.connector(host.key(), loop, this);
        this.mayBeHttp2 = connector.mayMultiplex();
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
    public boolean acquire(Waiter call) {
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

    private void lease(Waiter call) {
        ExclusiveConnection connection;
        if (call.wantsFreshConnection()) {
            // the last reused connection turned out stale: its idle siblings may be too, so open a new one
            if (open >= maxConnections && (connection = idle.pollLast()) != null) {
                connection.close();
            }
        } else {
            if (connector.upgrades()) {
                retireTcpConnections();
            }
            MultiplexedConnection h2 = http2WithRoom();
            if (h2 != null) {
                h2.lendTo(call);
                return;
            }
            while ((connection = idle.pollFirst()) != null) {
                if (connection.isUsable()) {
                    connection.lendTo(call);
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
            call.onAcquireFailed(context.poolExhausted(host.key(), host.maxConnections(), host.maxPending()));
        }
    }

    /**
     * The host advertised HTTP/3 since its TCP connections were opened: idle ones are closed, busy HTTP/2 ones finish
     * their streams and close, so that calls go to new (QUIC) connections.
     */
    private void retireTcpConnections() {
        ExclusiveConnection connection;
        while ((connection = idle.pollFirst()) != null) {
            connection.close();
        }
        for (int i = http2.size() - 1; i >= 0; i--) {
            MultiplexedConnection multiplexed = http2.get(i);
            if (!multiplexed.quic()) {
                http2.remove(i);
                multiplexed.retire();
            }
        }
        spokeHttp1 = false;
    }

    /** Whether a call should wait for a connection being set up, since it may carry many streams. */
    private boolean waitForSetup() {
        return settingUp > 0 && mayBeHttp2 && !spokeHttp1;
    }

    private MultiplexedConnection http2WithRoom() {
        for (int i = 0, n = http2.size(); i < n; i++) {
            MultiplexedConnection h2 = http2.get(i);
            if (h2.hasCapacity()) {
                return h2;
            }
        }
        return null;
    }

    /** Takes a waiting call out of the queue (acquire timeout, cancellation). */
    public void removeWaiter(Waiter call) {
        waiters.remove(call);
        publishCounts();
    }

    /** Takes back an HTTP/1.1 connection whose exchange ended cleanly. */
    @Override
    public void release(ExclusiveConnection connection) {
        try {
            handBack(connection);
        } finally {
            publishCounts();
        }
    }

    private void handBack(ExclusiveConnection connection) {
        if (closed || !connection.isUsable() || connector.upgrades()) {
            connection.close();
            return;
        }
        Waiter waiter;
        while ((waiter = waiters.pollFirst()) != null) {
            if (!waiter.isDone()) {
                connection.lendTo(waiter);
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
    public void streamFree(MultiplexedConnection connection) {
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
    public void goAway(MultiplexedConnection connection) {
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
        Waiter waiter;
        while (!closed && (waiter = waiters.peekFirst()) != null) {
            if (waiter.isDone()) {
                waiters.pollFirst();
                waiter.onDequeued();
                continue;
            }
            MultiplexedConnection h2 = http2WithRoom();
            if (h2 != null) {
                waiters.pollFirst();
                waiter.onDequeued();
                h2.lendTo(waiter);
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
            if (connection instanceof ExclusiveConnection h1) {
                idle.remove(h1);
            } else {
                http2.remove(connection);
            }
        }
        serveWaiters();
        publishCounts();
    }

    private void connect(Waiter call) {
        open++;
        settingUp++;
        connector.open(call.attempt()).addListener(new ConnectAttempt(call));
    }

    private void scheduleSweep() {
        if (!sweepScheduled && !closed) {
            sweepScheduled = true;
            loop.schedule(sweepTask, context.idleTimeoutNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** Closes connections idle for longer than the idle timeout: HTTP/1.1 oldest first, HTTP/2 without streams. */
    private void sweep() {
        sweepScheduled = false;
        long now = System.nanoTime();
        long timeout = context.idleTimeoutNanos();
        long next = Long.MAX_VALUE;
        ExclusiveConnection oldest;
        while ((oldest = idle.peekLast()) != null && now - oldest.idleSinceNanos() >= timeout) {
            idle.pollLast();
            oldest.close();
        }
        if (oldest != null) {
            next = oldest.idleSinceNanos() + timeout - now;
        }
        for (MultiplexedConnection h2 : new ArrayList<>(http2)) {
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
        List<Waiter> waiting = new ArrayList<>(waiters);
        waiters.clear();
        for (Waiter call : waiting) {
            call.onAcquireFailed(context.clientClosed(host.key()));
        }
        idle.clear();
        http2.clear();
        for (PooledConnection connection : new ArrayList<>(all)) {
            connection.close();
        }
        publishCounts();
    }

    /** Follows a new connection through its setup to the waiter that asked for it. */
    private final class ConnectAttempt implements GenericFutureListener<Future<PooledConnection>> {
        private final Waiter call;

        ConnectAttempt(Waiter call) {
            this.call = call;
        }

        @Override
        public void operationComplete(Future<PooledConnection> ready) {
            try {
                connected(ready);
            } finally {
                publishCounts();
            }
        }

        private void connected(Future<PooledConnection> ready) {
            if (!ready.isSuccess()) {
                failed(ready.cause());
                return;
            }
            settingUp--;
            PooledConnection connection = ready.getNow();
            all.add(connection);
            if (closed) {
                connection.close();
                call.onAcquireFailed(context.clientClosed(host.key()));
                return;
            }
            if (connection instanceof MultiplexedConnection h2) {
                http2.add(h2);
                if (call.isDone()) {
                    call.onAcquireFailed(new CancellationException("call cancelled"));
                } else {
                    h2.lendTo(call);
                }
                serveWaiters();
            } else {
                spokeHttp1 = true;
                ExclusiveConnection h1 = (ExclusiveConnection) connection;
                if (call.isDone()) {
                    release(h1);
                    call.onAcquireFailed(new CancellationException("call cancelled"));
                } else {
                    h1.lendTo(call);
                    serveWaiters();
                }
            }
        }

        private void failed(Throwable cause) {
            settingUp--;
            open--;
            if (connector.reopens(cause) && !closed && !call.isDone()) {
                connect(call); // nothing of the call was sent: go on with a new connection
                return;
            }
            call.onAcquireFailed(cause);
            closed(null);
        }
    }
}
