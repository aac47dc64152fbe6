package dev.brisk.client;

/**
 * The server did not process an HTTP/2 stream: it sent GOAWAY with a lower last-stream-id, or reset the stream with
 * REFUSED_STREAM. Nothing of the request was acted upon, so it is safe to send it again, whatever the method.
 */
public final class StreamRefusedException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    public StreamRefusedException(String host, String reason) {
        super(host, "HTTP/2 stream to " + host + " was not processed by the server: " + reason);
    }

    @Override
    public boolean requestSent() {
        return false;
    }
}
