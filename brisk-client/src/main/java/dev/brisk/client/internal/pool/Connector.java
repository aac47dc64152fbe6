package dev.brisk.client.internal.pool;

import io.netty.util.concurrent.Future;

/**
 * Opens the connections of one {@link ChildPool}, on its event loop: connect, proxy tunnel, TLS, protocol choice.
 * Made by {@link PoolContext#connector}.
 */
public interface Connector {

    /** Whether a new connection may turn out to carry many streams, so that waiters wait for one being set up. */
    boolean mayMultiplex();

    /**
     * Opens a connection for attempt number {@code attempt} of a waiter. The future completes with the connection once
     * it can carry requests, or fails with the typed failure; all of it is bounded by the connect timeout.
     */
    Future<PooledConnection> open(int attempt);

    /**
     * Whether a connection that failed with {@code cause} is opened again at once for the same waiter: nothing of it
     * was sent (the server refused the h2c upgrade and closed the connection).
     */
    boolean reopens(Throwable cause);

    /**
     * Whether new connections would use a protocol the open TCP connections do not: HTTP/3, advertised by the host
     * since they were opened. The pool then stops giving calls to its TCP connections so that new ones are opened.
     * Asked on every lease: must be cheap.
     */
    default boolean upgrades() {
        return false;
    }
}
