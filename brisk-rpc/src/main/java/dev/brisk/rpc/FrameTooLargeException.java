package dev.brisk.rpc;

/** A request or response frame is larger than the limit of the side that sends or receives it. */
public class FrameTooLargeException extends RpcException {

    private static final long serialVersionUID = 1L;

    public FrameTooLargeException(String message) {
        super(message);
    }

    /** A message naming the size and the limit. */
    public static FrameTooLargeException of(String what, long size, int limit) {
        return new FrameTooLargeException(what + " of " + size + " bytes exceeds the frame size limit of " + limit
                + " bytes (maxFrameSize)");
    }
}
