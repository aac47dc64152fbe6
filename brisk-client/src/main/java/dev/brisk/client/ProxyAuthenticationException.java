package dev.brisk.client;

/**
 * The proxy rejected the credentials (HTTP 407 to CONNECT, or a failed SOCKS5 authentication). Not retried by the
 * default policy.
 */
public final class ProxyAuthenticationException extends ProxyConnectException {

    private static final long serialVersionUID = 1L;

    public ProxyAuthenticationException(String host, String message, Throwable cause) {
        super(host, message, cause);
    }
}
