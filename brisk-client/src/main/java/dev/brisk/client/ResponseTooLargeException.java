package dev.brisk.client;

/** The response body is larger than the configured maximum; the connection is closed. */
public final class ResponseTooLargeException extends HttpClientException {

    public ResponseTooLargeException(String host, long maxResponseSize) {
        super(host, "response body from " + host + " exceeds the limit of " + maxResponseSize + " bytes");
    }
}
