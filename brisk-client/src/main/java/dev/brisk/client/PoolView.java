package dev.brisk.client;

/**
 * A live view of one host's connection pool, for gauges: each read sums the current counts of the pool's event loops
 * without locking and without allocating. Safe to read from any thread; the values are a moment's picture, meant for
 * monitoring. A view stays valid after its pool is dropped (it then reads the closed pool's last counts).
 */
public interface PoolView {

    /** The origin the pool serves, as {@code scheme://host:port}. */
    String host();

    /** Connections (HTTP/1.1) or streams (HTTP/2) leased to calls. */
    int active();

    /** Open connections carrying nothing. */
    int idle();

    /** Calls waiting for a connection. */
    int pending();

    /** Open connections, including those being set up. */
    int connections();

    /** All counts as one record. */
    default PoolStats stats() {
        return new PoolStats(host(), active(), idle(), pending(), connections());
    }
}
