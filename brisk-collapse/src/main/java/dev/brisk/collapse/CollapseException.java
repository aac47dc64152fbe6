package dev.brisk.collapse;

/**
 * Why a caller of a collapser got no value from the shared call: it waited too long, it was refused, or the shared
 * call could not serve it. Failures of the call itself (the exceptions the supplier or batch function raises) reach
 * callers unchanged.
 */
public class CollapseException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CollapseException(String message) {
        super(message);
    }

    public CollapseException(String message, Throwable cause) {
        super(message, cause);
    }

    /** A key as error messages show it: its {@code toString()}, cut at 100 characters. */
    static String describe(Object key) {
        String text = String.valueOf(key);
        return text.length() <= 100 ? text : text.substring(0, 100) + "...";
    }
}
