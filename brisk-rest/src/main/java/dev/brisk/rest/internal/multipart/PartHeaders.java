package dev.brisk.rest.internal.multipart;

import dev.brisk.http.common.Headers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;

/** The header fields of one part, read-only, names compared case-insensitively. */
final class PartHeaders implements Headers {

    private final List<String> names = new ArrayList<>(4);
    private final List<String> values = new ArrayList<>(4);

    void add(String name, String value) {
        names.add(name);
        values.add(value);
    }

    /** Appends a continuation line to the last field. */
    boolean continueLast(String more) {
        if (values.isEmpty()) {
            return false;
        }
        int last = values.size() - 1;
        values.set(last, values.get(last) + " " + more);
        return true;
    }

    @Override
    public Optional<String> first(CharSequence name) {
        return Optional.ofNullable(get(name, null));
    }

    @Override
    public String get(CharSequence name, String defaultValue) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name.toString())) {
                return values.get(i);
            }
        }
        return defaultValue;
    }

    @Override
    public List<String> all(CharSequence name) {
        List<String> all = new ArrayList<>(1);
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name.toString())) {
                all.add(values.get(i));
            }
        }
        return all;
    }

    @Override
    public boolean contains(CharSequence name) {
        return get(name, null) != null;
    }

    @Override
    public int size() {
        return names.size();
    }

    @Override
    public void forEach(BiConsumer<CharSequence, CharSequence> action) {
        for (int i = 0; i < names.size(); i++) {
            action.accept(names.get(i), values.get(i));
        }
    }

    @Override
    public Iterator<Map.Entry<String, String>> iterator() {
        List<Map.Entry<String, String>> entries = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            entries.add(Map.entry(names.get(i), values.get(i)));
        }
        return entries.iterator();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("{");
        forEach((n, v) -> text.append(text.length() > 1 ? ", " : "").append(n).append(": ").append(v));
        return text.append('}').toString();
    }
}
