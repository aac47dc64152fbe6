package dev.brisk.http.internal;

import dev.brisk.http.common.Headers;
import io.netty.util.AsciiString;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Read-only {@link Headers} over the regular (non-pseudo) fields of an HTTP/2 header block or an HTTP/3 field
 * section (Netty's {@code Http2Headers} and {@code Http3Headers}, which share this shape).
 */
public final class PseudoHeadersView implements Headers {

    private static final AsciiString HOST = AsciiString.cached("host");
    private static final AsciiString AUTHORITY = AsciiString.cached(":authority");

    private final io.netty.handler.codec.Headers<CharSequence, CharSequence, ?> headers;

    public PseudoHeadersView(io.netty.handler.codec.Headers<CharSequence, CharSequence, ?> headers) {
        this.headers = headers;
    }

    /** The field name for {@code name}: lower case, and {@code :authority} standing in for Host. */
    private CharSequence key(CharSequence name) {
        AsciiString lower = AsciiString.of(name).toLowerCase();
        if (lower.contentEquals(HOST) && !headers.contains(HOST)) {
            return AUTHORITY;
        }
        return lower;
    }

    @Override
    public Optional<String> first(CharSequence name) {
        CharSequence value = headers.get(key(name));
        return value == null ? Optional.empty() : Optional.of(value.toString());
    }

    @Override
    public String get(CharSequence name, String defaultValue) {
        CharSequence value = headers.get(key(name));
        return value == null ? defaultValue : value.toString();
    }

    @Override
    public List<String> all(CharSequence name) {
        List<CharSequence> values = headers.getAll(key(name));
        List<String> result = new ArrayList<>(values.size());
        for (CharSequence value : values) {
            result.add(value.toString());
        }
        return result;
    }

    @Override
    public boolean contains(CharSequence name) {
        return headers.contains(key(name));
    }

    @Override
    public int size() {
        int count = 0;
        for (Map.Entry<CharSequence, CharSequence> entry : headers) {
            if (!isPseudo(entry.getKey())) {
                count++;
            }
        }
        return count;
    }

    @Override
    public void forEach(BiConsumer<CharSequence, CharSequence> action) {
        for (Map.Entry<CharSequence, CharSequence> entry : headers) {
            if (!isPseudo(entry.getKey())) {
                action.accept(entry.getKey(), entry.getValue());
            }
        }
    }

    @Override
    public Iterator<Map.Entry<String, String>> iterator() {
        List<Map.Entry<String, String>> entries = new ArrayList<>();
        forEach((name, value) -> entries.add(new AbstractMap.SimpleImmutableEntry<>(name.toString(),
                value.toString())));
        return entries.iterator();
    }

    /** Whether {@code name} is a pseudo-header field ({@code :method}, {@code :path}...). */
    public static boolean isPseudo(CharSequence name) {
        return name.length() > 0 && name.charAt(0) == ':';
    }

    @Override
    public String toString() {
        return "Headers" + headers;
    }
}
