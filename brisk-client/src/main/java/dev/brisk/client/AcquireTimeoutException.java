package dev.brisk.client;

/** The request waited longer than the acquire timeout for a pooled connection: it was not sent. */
public final class AcquireTimeoutException extends ClientTimeoutException {

    private static final long serialVersionUID = 1L;

    public AcquireTimeoutException(String host, long timeoutMillis) {
        super(host, "no connection to " + host + " became free within " + timeoutMillis + " ms", timeoutMillis);
    }

    @Override
    public boolean requestSent() {
        return false;
    }
}
