package dev.brisk.client.internal.pool;

import io.netty.channel.EventLoop;

/**
 * What the pools need from the client that runs them: the event loops, the limits, a {@link Connector} per child
 * pool, the typed failures, and the hooks of pool creation and removal.
 */
public interface PoolContext {

    /** The number of event loops. */
    int loopCount();

    /** Event loop number {@code index}. */
    EventLoop loop(int index);

    /** The most connections one host gets, over all loops. */
    int maxConnectionsPerHost();

    /** The most calls of one host that wait for a connection, over all loops. */
    int maxPendingAcquires();

    /** How long an idle connection stays open. */
    long idleTimeoutNanos();

    /** How long the pool of a host nobody uses is kept. */
    long poolExpiryNanos();

    /** The connector of the child pool of {@code key} on {@code loop}; its connections report to {@code owner}. */
    Connector connector(HostKey key, EventLoop loop, ConnectionOwner owner);

    /** The failure of a waiter, or of a lookup, when the client is closed. */
    RuntimeException clientClosed(HostKey key);

    /** The failure of a waiter when every connection of {@code key} is busy and the queue is full. */
    Throwable poolExhausted(HostKey key, int maxConnections, int maxPending);

    /** A host pool was created; called before it serves a call. */
    void poolCreated(HostPool pool);

    /** A host pool was dropped (unused for the pool expiry, or the client closed); called once, after creation. */
    void poolRemoved(HostPool pool);
}
