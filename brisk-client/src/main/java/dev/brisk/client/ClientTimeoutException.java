package dev.brisk.client;

/** A client-side deadline passed; the subclass says which one. */
public class ClientTimeoutException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    private final long timeoutMillis;

    public ClientTimeoutException(String host, String message, long timeoutMillis) {
        this(host, message, timeoutMillis, true);
    }

    /** A deadline that passed; {@code requestSent} as {@link HttpClientException#requestSent()} describes it. */
    public ClientTimeoutException(String host, String message, long timeoutMillis, boolean requestSent) {
        super(host, message, null, requestSent);
        this.timeoutMillis = timeoutMillis;
    }

    /** The deadline that passed, in milliseconds. */
    public long timeoutMillis() {
        return timeoutMillis;
    }
}
