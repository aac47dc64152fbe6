package dev.brisk.rpc;

/** No provider of the service could take the call within its time limit (none known, none connected, all refused). */
public class NoProviderException extends RpcException {

    private static final long serialVersionUID = 1L;

    public NoProviderException(String message) {
        super(message);
    }

    public NoProviderException(String message, Throwable cause) {
        super(message, cause);
    }
}
