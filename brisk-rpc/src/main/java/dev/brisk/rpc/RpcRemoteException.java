package dev.brisk.rpc;

/**
 * A service method threw an exception the client cannot recreate (its class is not on the client's class path, or has
 * no constructor taking a message): the remote type name and message are kept.
 */
public class RpcRemoteException extends RpcException {

    private static final long serialVersionUID = 1L;

    private final String remoteType;
    private final String remoteMessage;

    public RpcRemoteException(String remoteType, String remoteMessage) {
        super(remoteType + (remoteMessage == null ? "" : ": " + remoteMessage));
        this.remoteType = remoteType;
        this.remoteMessage = remoteMessage;
    }

    /** The binary class name of the exception the service threw. */
    public String remoteType() {
        return remoteType;
    }

    /** Its message, {@code null} when it had none. */
    public String remoteMessage() {
        return remoteMessage;
    }
}
