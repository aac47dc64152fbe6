package dev.brisk.http.common;

import dev.brisk.http.common.wire.ArrayHeaders;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * HTTP header fields, read-only: names compare case-insensitively, values keep their order. The one header type of
 * Brisk's server and client; {@link WritableHeaders} adds the mutators.
 */
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

    /** An empty header set. */
    static Headers empty() {
        return ArrayHeaders.EMPTY;
    }

    /** A read-only copy of {@code headers}. */
    static Headers copyOf(Headers headers) {
        ArrayHeaders copy = new ArrayHeaders(headers.size());
        headers.forEach(copy::addTrusted);
        return copy.seal();
    }
}
