package dev.brisk.client;

/** The proxy refused or failed to open the tunnel to the host; nothing was sent to the host. */
public class ProxyConnectException extends ClientConnectException {

    private static final long serialVersionUID = 1L;

    public ProxyConnectException(String host, String message, Throwable cause) {
        super(host, message, cause);
    }
}
