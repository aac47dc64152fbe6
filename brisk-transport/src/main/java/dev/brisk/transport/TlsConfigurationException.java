package dev.brisk.transport;

/**
 * TLS settings that cannot be used: unreadable or mismatched key material, an unknown protocol or cipher suite, a
 * provider that is not available. Thrown when a server starts or a client is built, never later.
 */
public class TlsConfigurationException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public TlsConfigurationException(String message) {
        super(message);
    }

    public TlsConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }
}
