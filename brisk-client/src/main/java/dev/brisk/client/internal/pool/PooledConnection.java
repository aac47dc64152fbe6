package dev.brisk.client.internal.pool;

/**
 * A connection a pool owns, whatever protocol it speaks: an {@link ExclusiveConnection} or a
 * {@link MultiplexedConnection}.
 */
public interface PooledConnection {

    /** Closes the channel and frees its slot in the pool at once. */
    void close();
}
