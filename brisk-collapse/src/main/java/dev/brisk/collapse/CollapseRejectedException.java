package dev.brisk.collapse;

/**
 * A caller was refused without waiting: the queue or the table of calls in flight is full, the collapser is closed,
 * or its executor refused the batch the caller was part of.
 */
public final class CollapseRejectedException extends CollapseException {

    private static final long serialVersionUID = 1L;

    public CollapseRejectedException(String message) {
        super(message);
    }

    public CollapseRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
