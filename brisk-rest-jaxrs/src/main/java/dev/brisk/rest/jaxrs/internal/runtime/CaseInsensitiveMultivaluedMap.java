package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.AbstractMultivaluedMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.Serializable;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A {@link MultivaluedMap} for HTTP headers: keys compare case-insensitively, keep the spelling they were first
 * added with, and iterate in insertion order. Null values are ignored by {@code add}, as in
 * {@code MultivaluedHashMap}.
 */
public final class CaseInsensitiveMultivaluedMap<V> extends AbstractMultivaluedMap<String, V> {

    private static final long serialVersionUID = 1L;

    /** An empty map. */
    public CaseInsensitiveMultivaluedMap() {
        super(new Store<>());
    }

    /** A map holding copies of the value lists of {@code headers}. */
    public CaseInsensitiveMultivaluedMap(Map<String, ? extends List<? extends V>> headers) {
        this();
        for (Map.Entry<String, ? extends List<? extends V>> e : headers.entrySet()) {
            if (e.getValue() != null) {
                for (V value : e.getValue()) {
                    add(e.getKey(), value);
                }
            }
        }
    }

    /** A {@code LinkedHashMap} keyed by the lower-cased name, whose entries carry the original name. */
    private static final class Store<T> extends AbstractMap<String, T> implements Serializable {

        private static final long serialVersionUID = 1L;

        private final LinkedHashMap<String, SimpleEntry<String, T>> entries = new LinkedHashMap<>();

        private static String fold(Object key) {
            return key instanceof String s ? s.toLowerCase(Locale.ROOT) : null;
        }

        @Override
        public T get(Object key) {
            SimpleEntry<String, T> e = entries.get(fold(key));
            return e == null ? null : e.getValue();
        }

        @Override
        public boolean containsKey(Object key) {
            return entries.containsKey(fold(key));
        }

        @Override
        public T put(String key, T value) {
            SimpleEntry<String, T> e = entries.get(fold(key));
            if (e == null) {
                entries.put(fold(key), new SimpleEntry<>(key, value));
                return null;
            }
            return e.setValue(value);
        }

        @Override
        public T remove(Object key) {
            SimpleEntry<String, T> e = entries.remove(fold(key));
            return e == null ? null : e.getValue();
        }

        @Override
        public void clear() {
            entries.clear();
        }

        @Override
        public int size() {
            return entries.size();
        }

        @Override
        public Set<Entry<String, T>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, T>> iterator() {
                    Iterator<SimpleEntry<String, T>> it = entries.values().iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return it.hasNext();
                        }

                        @Override
                        public Entry<String, T> next() {
                            return it.next();
                        }

                        @Override
                        public void remove() {
                            it.remove();
                        }
                    };
                }

                @Override
                public int size() {
                    return entries.size();
                }
            };
        }
    }
}
