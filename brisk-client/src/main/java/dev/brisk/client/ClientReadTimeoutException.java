package dev.brisk.client;

/** No response byte arrived from the host for longer than the read timeout. */
public final class ClientReadTimeoutException extends ClientTimeoutException {

    private static final long serialVersionUID = 1L;

    public ClientReadTimeoutException(String host, long timeoutMillis) {
        super(host, "no response data from " + host + " for " + timeoutMillis + " ms (read timeout)", timeoutMillis);
    }
}
