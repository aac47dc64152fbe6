package dev.brisk.collapse.internal.http;

import dev.brisk.collapse.HttpCollapseOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * The header names that belong to a {@link RequestKey} (lower case), with what a request's fields are first sorted
 * by: a mask with bit {@code n} set when a name is {@code n} characters long (bit 63 for 63 and longer). Made once per
 * collapser, not per request.
 */
public final class KeyHeaders {

    private final List<String> names;
    private final long lengthMask;
    /** The values of a request that has none of these headers: shared by such keys, never written. */
    private final String[] absent;

    private KeyHeaders(List<String> names, long lengthMask) {
        this.names = List.copyOf(names);
        this.lengthMask = lengthMask;
        this.absent = new String[this.names.size()];
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

    /** The names, lower case, in the order of a key's values. */
    public List<String> names() {
        return names;
    }

    /** Bit {@code n} set when a name is {@code n} characters long (bit 63 for 63 and longer). */
    public long lengthMask() {
        return lengthMask;
    }

    /** The values of a request that has none of the headers (all null): one array for all such keys. */
    String[] absent() {
        return absent;
    }

    @Override
    public String toString() {
        return "KeyHeaders" + names;
    }
}
