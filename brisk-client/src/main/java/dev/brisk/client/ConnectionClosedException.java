package dev.brisk.client;

/**
 * The connection was closed or reset before the response was complete. {@link #responseStarted()} and
 * {@link #reusedConnection()} tell whether retrying is safe: a reused keep-alive connection that closed before any
 * response byte arrived most likely timed out on the server side just as the request was written.
 */
public final class ConnectionClosedException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    private final boolean reusedConnection;
    private final boolean responseStarted;

    public ConnectionClosedException(String host, boolean reusedConnection, boolean responseStarted,
                                     Throwable cause) {
        super(host, (responseStarted ? "connection to " + host + " closed in the middle of the response"
                : "connection to " + host + " closed before any response arrived")
                + (reusedConnection ? " (reused keep-alive connection)" : " (new connection)")
                + (cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage()), cause);
        this.reusedConnection = reusedConnection;
        this.responseStarted = responseStarted;
    }

    /** Whether the connection had served an earlier exchange. */
    public boolean reusedConnection() {
        return reusedConnection;
    }

    /** Whether any part of the response had arrived. */
    public boolean responseStarted() {
        return responseStarted;
    }
}
