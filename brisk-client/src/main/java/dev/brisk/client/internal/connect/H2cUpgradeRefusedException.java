package dev.brisk.client.internal.connect;

import dev.brisk.client.internal.pool.HostKey;
import dev.brisk.client.ClientConnectException;

/**
 * A server answered the h2c upgrade probe without upgrading and closed the connection, as nginx does (it rejects
 * {@code OPTIONS *} with 400 and {@code Connection: close}). The pool then opens an HTTP/1.1 connection for the call.
 */
final class H2cUpgradeRefusedException extends ClientConnectException {

    private static final long serialVersionUID = 1L;

    H2cUpgradeRefusedException(HostKey key) {
        super(key.toString(), "server " + key + " refused the h2c upgrade and closed the connection", null);
    }
}
