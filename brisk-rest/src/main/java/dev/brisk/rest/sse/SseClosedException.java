package dev.brisk.rest.sse;

import java.util.Objects;

/** An event was sent to a Server-Sent Events stream that has ended; {@link #reason()} tells why it ended. */
public class SseClosedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final SseSink.CloseReason reason;

    public SseClosedException(SseSink.CloseReason reason, Throwable cause) {
        super(message(Objects.requireNonNull(reason, "reason")), cause);
        this.reason = reason;
    }

    public SseSink.CloseReason reason() {
        return reason;
    }

    private static String message(SseSink.CloseReason reason) {
        return switch (reason) {
            case COMPLETED -> "the event stream has been completed";
            case FAILED -> "the event stream has been completed with an error";
            case TIMED_OUT -> "the event stream timed out";
            case DISCONNECTED -> "the event stream is closed: the client disconnected";
            case OVERFLOWED -> "the event stream was dropped: the client read too slowly and its unsent events "
                    + "exceeded the server's limit";
        };
    }
}
