package dev.brisk.client.internal.pool;

/**
 * What asks a {@link ChildPool} for a connection: a call of the client. It gets a connection or stream through
 * {@code lendTo} of {@link ExclusiveConnection} or {@link MultiplexedConnection}, a place in the pool's queue, or a
 * failure. Called on the pool's event loop.
 */
public interface Waiter {

    /** Whether the waiter has ended or its caller stopped waiting: the pool skips it. */
    boolean isDone();

    /** Whether the waiter wants a new connection rather than an idle one (an idle one turned out stale). */
    boolean wantsFreshConnection();

    /** The number of the attempt under way: 1 for the first, 2 for the first retry. */
    int attempt();

    /** The pool queued the waiter; it leaves with {@link ChildPool#removeWaiter} if it stops waiting first. */
    void onQueued(ChildPool pool);

    /** The pool took the waiter out of its queue. */
    void onDequeued();

    /** No connection or stream could be leased. */
    void onAcquireFailed(Throwable cause);
}
