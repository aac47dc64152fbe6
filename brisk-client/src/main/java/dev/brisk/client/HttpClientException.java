package dev.brisk.client;

/**
 * Base of every failure the client reports: the message names the host and what happened. Subclasses say whether the
 * request certainly did not reach the server ({@link #requestSent()} is {@code false}), which is what the default
 * {@link RetryPolicy} relies on.
 */
public class HttpClientException extends RuntimeException {

    private final String host;

    public HttpClientException(String host, String message, Throwable cause) {
        super(message, cause);
        this.host = host;
    }

    public HttpClientException(String host, String message) {
        this(host, message, null);
    }

    /** The {@code host:port} the request was for, or an empty string when not known. */
    public String host() {
        return host == null ? "" : host;
    }

    /** Whether the request may have reached the server; {@code true} unless the subclass knows better. */
    public boolean requestSent() {
        return true;
    }
}
