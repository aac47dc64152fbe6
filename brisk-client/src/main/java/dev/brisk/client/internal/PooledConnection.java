package dev.brisk.client.internal;

/** A connection a {@link ChildPool} owns, whatever protocol it speaks. */
interface PooledConnection {

    /** Closes the channel and frees its slot in the pool at once. */
    void close();
}
