package dev.brisk.client;

/**
 * Opening a usable connection (TCP connect, proxy tunnel, TLS handshake, protocol choice) took longer than the connect
 * timeout: the request was not sent. Not retried by {@link RetryPolicy#DEFAULT}, so the timeout is the time the call
 * waits for a connection.
 */
public final class ClientConnectTimeoutException extends ClientConnectException {

    private static final long serialVersionUID = 1L;

    public ClientConnectTimeoutException(String host, long timeoutMillis, Throwable cause) {
        this(host, timeoutMillis, 1, cause);
    }

    /** The timeout of attempt number {@code attempt} (1 for the first). */
    public ClientConnectTimeoutException(String host, long timeoutMillis, int attempt, Throwable cause) {
        super(host, "connect to " + host + " timed out after " + timeoutMillis + " ms (connect timeout; attempt "
                + attempt + (attempt == 1 ? ", not retried" : "") + ")", cause);
    }
}
