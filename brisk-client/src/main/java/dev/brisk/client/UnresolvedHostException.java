package dev.brisk.client;

/** The host name could not be resolved to an address: the request was not sent. */
public final class UnresolvedHostException extends ClientConnectException {

    private static final long serialVersionUID = 1L;

    public UnresolvedHostException(String host, Throwable cause) {
        super(host, "cannot resolve host " + host + (cause == null || cause.getMessage() == null ? ""
                : ": " + cause.getMessage()), cause);
    }
}
