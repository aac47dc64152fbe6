package dev.brisk.client.internal.pool;

/** What a pooled connection reports to: its {@link ChildPool}. Called on the connection's event loop. */
public interface ConnectionOwner {

    /** An exchange ended and {@code connection} can carry the next one. */
    void release(ExclusiveConnection connection);

    /** A stream slot of {@code connection} became free, or the server's stream limit grew. */
    void streamFree(MultiplexedConnection connection);

    /** The server sent GOAWAY: {@code connection} takes no new streams. */
    void goAway(MultiplexedConnection connection);

    /** The connection closed, or is closing; called once. */
    void closed(PooledConnection connection);
}
