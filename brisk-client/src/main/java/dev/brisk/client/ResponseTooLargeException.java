package dev.brisk.client;

/**
 * The response is larger than the client accepts: its body is above {@code maxResponseSize}, or its head (status
 * line and header fields) is above the client's fixed limits. Nothing more of it is read: an HTTP/1.1 connection is
 * closed, an HTTP/2 stream is reset.
 */
public final class ResponseTooLargeException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    /** The body is above {@code maxResponseSize}. */
    public ResponseTooLargeException(String host, long maxResponseSize) {
        super(host, "response body from " + host + " exceeds the limit of " + maxResponseSize + " bytes");
    }

    /** Another part of the response is above its limit; {@code message} says which, {@code cause} is the codec's. */
    public ResponseTooLargeException(String host, String message, Throwable cause) {
        super(host, message, cause);
    }
}
