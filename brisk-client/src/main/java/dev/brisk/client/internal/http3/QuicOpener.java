package dev.brisk.client.internal.http3;

import dev.brisk.client.internal.pool.PooledConnection;
import io.netty.util.concurrent.Future;

/**
 * Opens the HTTP/3 connections of one host on one event loop. Its signature names no QUIC type, so that code which
 * may run without the optional QUIC jars can hold one; instances come from {@link QuicClient}. Not API.
 */
public interface QuicOpener {

    /**
     * Opens a QUIC connection to the host's UDP {@code port} and completes with it once the QUIC handshake is done,
     * within {@code timeoutMillis}; fails with a typed {@link dev.brisk.client.HttpClientException} otherwise.
     * {@code attempt} numbers the attempts of one call, for messages.
     */
    Future<PooledConnection> open(int port, long timeoutMillis, int attempt);
}
