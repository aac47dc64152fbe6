package dev.brisk.rpc;

/** No answer came within the call's time limit, or the server stopped the method at its own limit. */
public class RpcTimeoutException extends RpcException {

    private static final long serialVersionUID = 1L;

    public RpcTimeoutException(String message) {
        super(message);
    }
}
