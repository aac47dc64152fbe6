package dev.brisk.rpc;

/** The root of every failure Brisk RPC itself reports; exceptions thrown by a service method are rethrown as such. */
public class RpcException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RpcException(String message) {
        super(message);
    }

    public RpcException(String message, Throwable cause) {
        super(message, cause);
    }
}
