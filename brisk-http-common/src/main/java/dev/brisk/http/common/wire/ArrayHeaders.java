package dev.brisk.http.common.wire;

import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.common.WritableHeaders;
import io.netty.util.AsciiString;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Header fields in one flat array (name, value, name, value...): a handful of fields is the common case, so a linear
 * scan beats hashing and allocates nothing per field beyond the strings themselves. The implementation of
 * {@link dev.brisk.http.common.Headers} for the server and the client; {@link #seal()} makes an instance read-only.
 */
public final class ArrayHeaders implements WritableHeaders {

    /** An empty read-only instance. */
    public static final ArrayHeaders EMPTY = new ArrayHeaders(0).seal();

    private CharSequence[] entries;
    private int size;
    private boolean readOnly;

    public ArrayHeaders() {
        this(8);
    }

    public ArrayHeaders(int expectedFields) {
        entries = new CharSequence[Math.max(2, expectedFields * 2)];
    }

    /** Makes this instance read-only; returns it. */
    public ArrayHeaders seal() {
        readOnly = true;
        return this;
    }

    /** Adds a field that the caller has already validated. */
    public void addTrusted(CharSequence name, CharSequence value) {
        int index = size << 1;
        if (index == entries.length) {
            entries = Arrays.copyOf(entries, entries.length << 1);
        }
        entries[index] = name;
        entries[index + 1] = value;
        size++;
    }

    public CharSequence nameAt(int i) {
        return entries[i << 1];
    }

    public CharSequence valueAt(int i) {
        return entries[(i << 1) + 1];
    }

    /** The first value of {@code name} without conversion, or null. */
    public CharSequence getRaw(CharSequence name) {
        int i = indexOf(name, 0);
        return i < 0 ? null : entries[(i << 1) + 1];
    }

    private int indexOf(CharSequence name, int from) {
        for (int i = from; i < size; i++) {
            if (AsciiString.contentEqualsIgnoreCase(entries[i << 1], name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Optional<String> first(CharSequence name) {
        CharSequence value = getRaw(name);
        return value == null ? Optional.empty() : Optional.of(value.toString());
    }

    @Override
    public String get(CharSequence name, String defaultValue) {
        CharSequence value = getRaw(name);
        return value == null ? defaultValue : value.toString();
    }

    @Override
    public List<String> all(CharSequence name) {
        List<String> values = null;
        for (int i = indexOf(name, 0); i >= 0; i = indexOf(name, i + 1)) {
            if (values == null) {
                values = new ArrayList<>(2);
            }
            values.add(entries[(i << 1) + 1].toString());
        }
        return values == null ? List.of() : values;
    }

    @Override
    public boolean contains(CharSequence name) {
        return indexOf(name, 0) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void forEach(BiConsumer<CharSequence, CharSequence> action) {
        for (int i = 0; i < size; i++) {
            action.accept(entries[i << 1], entries[(i << 1) + 1]);
        }
    }

    @Override
    public WritableHeaders set(CharSequence name, CharSequence value) {
        checkWritable();
        HttpSyntax.validateField(name, value);
        int i = indexOf(name, 0);
        if (i < 0) {
            addTrusted(name, value);
        } else {
            entries[(i << 1) + 1] = value;
            removeFrom(name, i + 1);
        }
        return this;
    }

    @Override
    public WritableHeaders add(CharSequence name, CharSequence value) {
        checkWritable();
        HttpSyntax.validateField(name, value);
        addTrusted(name, value);
        return this;
    }

    @Override
    public void clear() {
        checkWritable();
        Arrays.fill(entries, 0, size << 1, null);
        size = 0;
    }

    @Override
    public boolean remove(CharSequence name) {
        checkWritable();
        return removeFrom(name, 0);
    }

    private boolean removeFrom(CharSequence name, int from) {
        int write = from;
        for (int read = from; read < size; read++) {
            if (!AsciiString.contentEqualsIgnoreCase(entries[read << 1], name)) {
                entries[write << 1] = entries[read << 1];
                entries[(write << 1) + 1] = entries[(read << 1) + 1];
                write++;
            }
        }
        boolean removed = write != size;
        Arrays.fill(entries, write << 1, size << 1, null);
        size = write;
        return removed;
    }

    private void checkWritable() {
        if (readOnly) {
            throw new UnsupportedOperationException("these headers are read-only");
        }
    }

    @Override
    public Iterator<Map.Entry<String, String>> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public Map.Entry<String, String> next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                int i = next++;
                return new AbstractMap.SimpleImmutableEntry<>(entries[i << 1].toString(),
                        entries[(i << 1) + 1].toString());
            }
        };
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Headers[");
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(entries[i << 1]).append(": ").append(entries[(i << 1) + 1]);
        }
        return sb.append(']').toString();
    }
}
