package dev.brisk.collapse;

/**
 * The batch function answered, but its result held nothing for this caller's key (a map without the key, or a list
 * shorter than the keys). Only the callers of that key fail; the others of the batch get their values.
 */
public final class MissingResultException extends CollapseException {

    private static final long serialVersionUID = 1L;

    private final transient Object key;

    public MissingResultException(Object key) {
        super("the batch result has no entry for key " + describe(key));
        this.key = key;
    }

    /** The key that is missing. */
    public Object key() {
        return key;
    }
}
