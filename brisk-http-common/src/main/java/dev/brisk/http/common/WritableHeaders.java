package dev.brisk.http.common;

import dev.brisk.http.common.wire.ArrayHeaders;

/** {@link Headers} that can be changed: response headers on the server, request headers on the client. */
public interface WritableHeaders extends Headers {

    /**
     * Sets {@code name} to a single value, replacing earlier ones. A name that is not a token or a value with CR, LF
     * or other control characters is refused with an {@link IllegalArgumentException}.
     */
    WritableHeaders set(CharSequence name, CharSequence value);

    /** Adds a value to {@code name}, after the ones it has; validated as by {@link #set}. */
    WritableHeaders add(CharSequence name, CharSequence value);

    /** Removes every value of {@code name}; returns whether any was present. */
    boolean remove(CharSequence name);

    /** Removes every field. */
    void clear();

    /** Adds every field of {@code headers}, after the ones this set has. */
    default WritableHeaders addAll(Headers headers) {
        headers.forEach(this::add);
        return this;
    }

    /** A new, empty header set. */
    static WritableHeaders create() {
        return new ArrayHeaders();
    }
}
