package dev.brisk.http;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/** HTTP header fields; names compare case-insensitively. Request headers are read-only. */
public interface Headers extends Iterable<Map.Entry<String, String>> {

    /** The first value of {@code name}, or empty. */
    Optional<String> first(CharSequence name);

    /** The first value of {@code name}, or {@code defaultValue} when absent. */
    String get(CharSequence name, String defaultValue);

    /** Every value of {@code name} in arrival order; empty when absent. */
    List<String> all(CharSequence name);

    /** Whether {@code name} is present. */
    boolean contains(CharSequence name);

    /** Number of header fields (a name repeated counts once per line). */
    int size();

    default boolean isEmpty() {
        return size() == 0;
    }

    /** Calls {@code action} for every field, in order, without allocating entries. */
    void forEach(BiConsumer<CharSequence, CharSequence> action);

    /** Sets {@code name} to a single value, replacing earlier ones. */
    default Headers set(CharSequence name, CharSequence value) {
        throw new UnsupportedOperationException("read-only headers");
    }

    /** Adds a value to {@code name}. */
    default Headers add(CharSequence name, CharSequence value) {
        throw new UnsupportedOperationException("read-only headers");
    }

    /** Removes every value of {@code name}; returns whether any was present. */
    default boolean remove(CharSequence name) {
        throw new UnsupportedOperationException("read-only headers");
    }

    /** A new, empty, mutable header set. */
    static Headers create() {
        return new dev.brisk.http.internal.ArrayHeaders();
    }

    /** An empty read-only header set. */
    static Headers empty() {
        return dev.brisk.http.internal.ArrayHeaders.EMPTY;
    }
}
