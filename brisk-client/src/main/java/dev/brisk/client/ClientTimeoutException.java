package dev.brisk.client;

/** A client-side deadline passed; the subclass says which one. */
public class ClientTimeoutException extends HttpClientException {

    private final long timeoutMillis;

    public ClientTimeoutException(String host, String message, long timeoutMillis) {
        super(host, message);
        this.timeoutMillis = timeoutMillis;
    }

    /** The deadline that passed, in milliseconds. */
    public long timeoutMillis() {
        return timeoutMillis;
    }
}
