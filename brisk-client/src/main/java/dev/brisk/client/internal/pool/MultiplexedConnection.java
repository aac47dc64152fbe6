package dev.brisk.client.internal.pool;

/**
 * A connection that carries many exchanges at once (HTTP/2, HTTP/3), each on a stream of its own, up to the server's stream
 * limit. Tells its {@link ConnectionOwner} when a stream slot frees up and when it stops taking streams. Touched only
 * on its event loop.
 */
public interface MultiplexedConnection extends PooledConnection {

    /** Whether one more stream may be opened now. */
    boolean hasCapacity();

    /** Whether no stream is open. */
    boolean isIdle();

    /** When the last stream ended, or when the connection opened ({@link System#nanoTime()}). */
    long idleSinceNanos();

    /** Opens a stream and lends it to {@code waiter} once open; the caller checked {@link #hasCapacity()}. */
    void lendTo(Waiter waiter);

    /** Takes no new streams and closes once the open ones end (new connections to the host use another protocol). */
    void retire();

    /** Whether the connection runs over QUIC (HTTP/3) rather than TCP. */
    default boolean quic() {
        return false;
    }
}
