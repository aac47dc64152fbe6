package dev.brisk.rpc;

/**
 * The provider refused the call without running it: the connection has too many calls in flight, or the service's
 * worker queue is full.
 */
public class OverloadedException extends RpcException {

    private static final long serialVersionUID = 1L;

    public OverloadedException(String message) {
        super(message);
    }
}
