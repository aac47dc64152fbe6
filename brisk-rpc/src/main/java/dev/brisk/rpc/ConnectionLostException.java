package dev.brisk.rpc;

/**
 * The connection closed while the call awaited its answer: the provider may or may not have run it. Retried on another
 * provider only for {@link Idempotent} methods.
 */
public class ConnectionLostException extends RpcException {

    private static final long serialVersionUID = 1L;

    public ConnectionLostException(String message) {
        super(message);
    }
}
