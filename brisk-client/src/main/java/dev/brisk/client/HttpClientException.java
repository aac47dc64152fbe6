package dev.brisk.client;

/**
 * Base of every failure the client reports: the message names the host and what happened. Subclasses say whether the
 * request certainly did not reach the server ({@link #requestSent()} is {@code false}), which is what the default
 * {@link RetryPolicy} relies on.
 */
public class HttpClientException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String host;
    private final boolean requestSent;

    public HttpClientException(String host, String message, Throwable cause) {
        this(host, message, cause, true);
    }

    /**
     * A failure that says whether the request may have reached the server: {@code false} only when no byte of it can
     * have been sent (the client was closed, the URL cannot be served, the call ended before it had a connection).
     */
    public HttpClientException(String host, String message, Throwable cause, boolean requestSent) {
        super(message, cause);
        this.host = host;
        this.requestSent = requestSent;
    }

    public HttpClientException(String host, String message) {
        this(host, message, null);
    }

    /** The {@code host:port} the request was for, or an empty string when not known. */
    public String host() {
        return host == null ? "" : host;
    }

    /**
     * Whether bytes of the request may have reached the server; {@code false} means certainly not, so sending it again
     * cannot duplicate work.
     */
    public boolean requestSent() {
        return requestSent;
    }
}
