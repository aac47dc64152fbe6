package dev.brisk.client;

/**
 * Every connection to the host is busy and the queue of waiting requests is full: raised at once, the request was not
 * sent. Not retried by default (retrying would only add load to an overloaded pool).
 */
public final class PoolExhaustedException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    public PoolExhaustedException(String host, int maxConnections, int maxPending) {
        super(host, "connection pool for " + host + " exhausted: " + maxConnections + " connection(s) busy and "
                + maxPending + " request(s) already waiting");
    }

    @Override
    public boolean requestSent() {
        return false;
    }
}
