package dev.brisk.rpc.internal;

/** Why an error frame was sent; tells the client which exception to raise and whether the method ran. */
public enum ErrorCode {
    /** The service method threw; the frame carries the exception's type and message. */
    APPLICATION(1),
    /** No such service or method id. */
    UNKNOWN_METHOD(2),
    /** Too many calls in flight on the connection, or the worker queue is full; the method did not run. */
    OVERLOADED(3),
    /** The request or the response exceeded a frame size limit. */
    FRAME_TOO_LARGE(4),
    /** The method ran longer than its limit. */
    TIMEOUT(5),
    /** The server is shutting down; the method did not run. */
    SHUTTING_DOWN(6),
    /** The request could not be read (arguments that do not deserialize, a malformed frame). */
    BAD_REQUEST(7),
    /** The server failed otherwise (a result that does not serialize). */
    INTERNAL(8);

    private static final ErrorCode[] BY_WIRE = new ErrorCode[9];

    static {
        for (ErrorCode code : values()) {
            BY_WIRE[code.wire] = code;
        }
    }

    private final int wire;

    ErrorCode(int wire) {
        this.wire = wire;
    }

    public int wire() {
        return wire;
    }

    /** The code sent as {@code wire}; {@link #INTERNAL} for one this version does not know. */
    public static ErrorCode of(int wire) {
        return wire > 0 && wire < BY_WIRE.length && BY_WIRE[wire] != null ? BY_WIRE[wire] : INTERNAL;
    }
}
