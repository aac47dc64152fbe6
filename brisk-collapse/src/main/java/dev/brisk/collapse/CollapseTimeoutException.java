package dev.brisk.collapse;

import java.time.Duration;

/** A caller waited longer than the collapser's timeout; the shared call goes on for the callers still waiting. */
public final class CollapseTimeoutException extends CollapseException {

    private static final long serialVersionUID = 1L;

    private final transient Object key;
    private final Duration timeout;

    public CollapseTimeoutException(Object key, Duration timeout) {
        super("no result for key " + describe(key) + " within " + timeout);
        this.key = key;
        this.timeout = timeout;
    }

    /** The key the caller asked for. */
    public Object key() {
        return key;
    }

    /** The timeout that elapsed. */
    public Duration timeout() {
        return timeout;
    }
}
