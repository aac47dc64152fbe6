package dev.brisk.client;

/**
 * A snapshot of one host's connection pool, summed over its event loops. The counts are read without stopping the
 * loops, so a snapshot taken while calls come and go may be a moment out of date; they are meant for monitoring.
 *
 * @param host        the origin the pool serves, as {@code scheme://host:port} ({@code https://example.com:443})
 * @param active      connections (HTTP/1.1) or streams (HTTP/2) leased to calls right now
 * @param idle        open connections carrying nothing, ready for the next call
 * @param pending     calls waiting in the pool's queue for a connection
 * @param connections open connections, including those still being set up
 */
public record PoolStats(String host, int active, int idle, int pending, int connections) {
}
