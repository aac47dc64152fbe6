package dev.brisk.collapse.internal.http;

import java.util.function.BiConsumer;

/**
 * The header fields of a request, as any HTTP library holds them: a request key reads them through this, one pass,
 * so that the key needs no HTTP library of its own (brisk's {@code Headers::forEach} is one, Spring's
 * {@code HttpHeaders} are adapted by their adapter).
 */
@FunctionalInterface
public interface HeaderFields {

    /** Hands every field to {@code field}: name and value, one call per field line, in order. */
    void forEach(BiConsumer<CharSequence, CharSequence> field);
}
