package dev.brisk.client.internal.pool;

/**
 * A connection that carries one exchange at a time (HTTP/1.1): lent whole to one {@link Waiter}, handed back to its
 * {@link ConnectionOwner} when the exchange ends, kept idle until the next one. Touched only on its event loop.
 */
public interface ExclusiveConnection extends PooledConnection {

    /** Whether the connection is open and carries no exchange. */
    boolean isUsable();

    /** When the connection last became idle ({@link System#nanoTime()}). */
    long idleSinceNanos();

    /** Records that the connection became idle at {@code nowNanos}. */
    void markIdle(long nowNanos);

    /** Lends this connection to {@code waiter}, which sends on it at once. */
    void lendTo(Waiter waiter);
}
