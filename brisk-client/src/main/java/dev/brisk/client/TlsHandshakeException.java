package dev.brisk.client;

/**
 * The TLS handshake with the host failed: certificate not trusted, host name not in the certificate, no common
 * protocol or cipher, or (with {@link ProtocolPolicy#H2}) no agreement on h2. Nothing was sent. Not retried by the
 * default policy, since another attempt would fail the same way.
 */
public final class TlsHandshakeException extends ClientConnectException {

    private static final long serialVersionUID = 1L;

    public TlsHandshakeException(String host, String message, Throwable cause) {
        super(host, message, cause);
    }
}
