package dev.brisk.client;

/** The whole call (connecting, retries and redirects included) took longer than the call timeout. */
public final class CallTimeoutException extends ClientTimeoutException {

    public CallTimeoutException(String host, long timeoutMillis) {
        super(host, "call to " + host + " did not complete within " + timeoutMillis + " ms (call timeout)",
                timeoutMillis);
    }
}
