package dev.brisk.rpc;

/** The provider has no such service or no method with this signature in it; the call was not sent. */
public class UnknownMethodException extends RpcException {

    private static final long serialVersionUID = 1L;

    public UnknownMethodException(String message) {
        super(message);
    }
}
