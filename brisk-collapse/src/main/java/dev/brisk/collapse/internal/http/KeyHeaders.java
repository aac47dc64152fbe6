package dev.brisk.collapse.internal.http;

import java.util.List;

/**
 * The header names that belong to a {@link RequestKey} (lower case), with what a request's fields are first sorted
 * by: a mask with bit {@code n} set when a name is {@code n} characters long (bit 63 for 63 and longer). Made once per
 * collapser, not per request.
 */
public record KeyHeaders(List<String> names, long lengthMask) {

    public KeyHeaders {
        names = List.copyOf(names);
    }

    /** The key headers {@code names}, lower-case. */
    public static KeyHeaders of(List<String> names) {
        long mask = 0;
        for (String name : names) {
            mask |= 1L << Math.min(63, name.length());
        }
        return new KeyHeaders(names, mask);
    }
}
