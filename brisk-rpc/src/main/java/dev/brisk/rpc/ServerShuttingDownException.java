package dev.brisk.rpc;

/**
 * The provider is shutting down and refused the call without running it. The client retries such a call on another
 * provider whatever the method, since it never ran; this is what it reports when there is none.
 */
public class ServerShuttingDownException extends RpcException {

    private static final long serialVersionUID = 1L;

    public ServerShuttingDownException(String message) {
        super(message);
    }
}
