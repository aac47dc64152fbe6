package dev.brisk.collapse.internal.http;

import dev.brisk.collapse.HttpCollapseOptions;

import java.util.ArrayList;
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

    /** The key headers {@code names} (lower-case) and the {@link HttpCollapseOptions#CONDITIONAL_HEADERS}. */
    public static KeyHeaders of(List<String> names) {
        List<String> all = new ArrayList<>(names);
        for (String conditional : HttpCollapseOptions.CONDITIONAL_HEADERS) {
            if (!all.contains(conditional)) {
                all.add(conditional);
            }
        }
        long mask = 0;
        for (String name : all) {
            mask |= 1L << Math.min(63, name.length());
        }
        return new KeyHeaders(all, mask);
    }
}
