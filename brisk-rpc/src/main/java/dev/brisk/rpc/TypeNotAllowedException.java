package dev.brisk.rpc;

/**
 * A value on the wire names a class that the receiving side does not accept: neither derived from the service
 * interfaces nor opted in with {@code allowTypes}/{@code allowPackages}. Raised before any object of that class is
 * created; the message names the class.
 */
public class TypeNotAllowedException extends RpcException {

    private static final long serialVersionUID = 1L;

    private final String typeName;

    public TypeNotAllowedException(String typeName) {
        super("class " + typeName + " is not allowed: it is neither a type the service interfaces exchange nor opted"
                + " in with allowTypes/allowPackages");
        this.typeName = typeName;
    }

    /** A refusal of {@code typeName} with {@code message} as it is. */
    public TypeNotAllowedException(String typeName, String message) {
        super(message);
        this.typeName = typeName;
    }

    /** The binary name of the refused class (an array's JVM descriptor as read). */
    public String typeName() {
        return typeName;
    }
}
