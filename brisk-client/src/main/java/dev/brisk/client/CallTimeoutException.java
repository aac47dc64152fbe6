package dev.brisk.client;

/**
 * The whole call (connecting, retries and redirects included) took longer than the call timeout.
 * {@link #requestSent()} is {@code false} when the call timed out before any attempt had a connection to write to.
 */
public final class CallTimeoutException extends ClientTimeoutException {

    private static final long serialVersionUID = 1L;

    public CallTimeoutException(String host, long timeoutMillis) {
        this(host, timeoutMillis, true);
    }

    public CallTimeoutException(String host, long timeoutMillis, boolean requestSent) {
        super(host, "call to " + host + " did not complete within " + timeoutMillis + " ms (call timeout"
                + (requestSent ? ")" : ", before the request was sent)"), timeoutMillis, requestSent);
    }
}
