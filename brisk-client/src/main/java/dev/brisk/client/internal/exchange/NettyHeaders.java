package dev.brisk.client.internal.exchange;

import dev.brisk.http.common.Headers;
import dev.brisk.http.common.HttpSyntax;
import dev.brisk.http.common.WritableHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Brisk's {@link Headers} over the Netty {@link HttpHeaders} the client's wire path reads and writes, so that the
 * public API shows one header type without a copy per message. A read-only instance refuses the mutators; the client
 * itself still completes a request's fields through {@link #netty()}. Not API.
 */
public final class NettyHeaders implements WritableHeaders {

    /** An empty read-only instance. */
    public static final NettyHeaders EMPTY = new NettyHeaders(EmptyHttpHeaders.INSTANCE, true);

    private final HttpHeaders netty;
    private final boolean readOnly;

    private NettyHeaders(HttpHeaders netty, boolean readOnly) {
        this.netty = netty;
        this.readOnly = readOnly;
    }

    /** A new, empty, writable instance (Netty's header validation off: fields are validated here). */
    public static NettyHeaders create() {
        return new NettyHeaders(DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders(), false);
    }

    /** A writable view of {@code netty}. */
    public static NettyHeaders writable(HttpHeaders netty) {
        return new NettyHeaders(netty, false);
    }

    /** A read-only view of {@code netty}. */
    public static NettyHeaders readOnly(HttpHeaders netty) {
        return netty.isEmpty() ? EMPTY : new NettyHeaders(netty, true);
    }

    /** A writable copy of any {@link Headers}. */
    public static NettyHeaders copyOf(Headers headers) {
        NettyHeaders copy = create();
        if (headers instanceof NettyHeaders other) {
            copy.netty.add(other.netty);
        } else {
            headers.forEach((name, value) -> copy.netty.add(name, value));
        }
        return copy;
    }

    /** The Netty headers underneath: for the client's wire path. */
    public HttpHeaders netty() {
        return netty;
    }

    /** The Netty headers underneath {@code headers}, which the client created. */
    public static HttpHeaders netty(Headers headers) {
        return ((NettyHeaders) headers).netty;
    }

    /** This instance, or a read-only view of the same fields. */
    public NettyHeaders asReadOnly() {
        return readOnly ? this : new NettyHeaders(netty, true);
    }

    @Override
    public Optional<String> first(CharSequence name) {
        return Optional.ofNullable(netty.get(name));
    }

    @Override
    public String get(CharSequence name, String defaultValue) {
        String value = netty.get(name);
        return value == null ? defaultValue : value;
    }

    @Override
    public List<String> all(CharSequence name) {
        return netty.getAll(name);
    }

    @Override
    public boolean contains(CharSequence name) {
        return netty.contains(name);
    }

    @Override
    public int size() {
        return netty.size();
    }

    @Override
    public void forEach(BiConsumer<CharSequence, CharSequence> action) {
        Iterator<Map.Entry<CharSequence, CharSequence>> fields = netty.iteratorCharSequence();
        while (fields.hasNext()) {
            Map.Entry<CharSequence, CharSequence> field = fields.next();
            action.accept(field.getKey(), field.getValue());
        }
    }

    @Override
    public Iterator<Map.Entry<String, String>> iterator() {
        return netty.iteratorAsString();
    }

    @Override
    public WritableHeaders set(CharSequence name, CharSequence value) {
        checkWritable();
        HttpSyntax.validateField(name, value);
        netty.set(name, value);
        return this;
    }

    @Override
    public WritableHeaders add(CharSequence name, CharSequence value) {
        checkWritable();
        HttpSyntax.validateField(name, value);
        netty.add(name, value);
        return this;
    }

    @Override
    public boolean remove(CharSequence name) {
        checkWritable();
        boolean present = netty.contains(name);
        netty.remove(name);
        return present;
    }

    @Override
    public void clear() {
        checkWritable();
        netty.clear();
    }

    private void checkWritable() {
        if (readOnly) {
            throw new UnsupportedOperationException("these headers are read-only");
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("Headers[");
        forEach((name, value) -> text.append(text.length() > 8 ? ", " : "").append(name).append(": ").append(value));
        return text.append(']').toString();
    }
}
