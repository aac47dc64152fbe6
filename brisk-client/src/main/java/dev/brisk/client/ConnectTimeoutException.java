package dev.brisk.client;

/** Opening the connection took longer than the connect timeout: the request was not sent. */
public final class ConnectTimeoutException extends ClientConnectException {

    public ConnectTimeoutException(String host, long timeoutMillis, Throwable cause) {
        super(host, "connect to " + host + " timed out after " + timeoutMillis + " ms", cause);
    }
}
