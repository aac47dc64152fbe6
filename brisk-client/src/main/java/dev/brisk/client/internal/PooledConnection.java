package dev.brisk.client.internal;

/** A connection a pool owns, whatever protocol it speaks. */
public interface PooledConnection {

    /** Closes the channel and frees its slot in the pool at once. */
    void close();
}
