package dev.brisk.client;

/** No connection could be opened to the host (refused, unreachable, timed out): the request was not sent. */
public class ClientConnectException extends HttpClientException {

    private static final long serialVersionUID = 1L;

    public ClientConnectException(String host, String message, Throwable cause) {
        super(host, message, cause);
    }

    @Override
    public boolean requestSent() {
        return false;
    }
}
