package dev.brisk.client;

/** Writing the request to the host took longer than the write timeout. */
public final class ClientWriteTimeoutException extends ClientTimeoutException {

    private static final long serialVersionUID = 1L;

    public ClientWriteTimeoutException(String host, long timeoutMillis) {
        super(host, "writing the request to " + host + " took longer than " + timeoutMillis + " ms", timeoutMillis);
    }
}
