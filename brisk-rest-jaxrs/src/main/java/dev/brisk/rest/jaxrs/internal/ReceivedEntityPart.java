package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.jaxrs.internal.runtime.CaseInsensitiveMultivaluedMap;
import dev.brisk.rest.jaxrs.internal.runtime.MediaTypes;
import dev.brisk.rest.multipart.Part;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Optional;

/**
 * A part of a {@code multipart/form-data} request as Jakarta REST's {@link EntityPart}, over the part Brisk received
 * (in memory or in a temporary file, deleted when the request ends). Its content is converted by the application's
 * {@code MessageBodyReader}s, else by the built-in readers and Brisk's codecs, as the part's media type says.
 */
final class ReceivedEntityPart implements EntityPart {

    private static final Annotation[] NONE = new Annotation[0];

    private final Part part;
    private final EntityIO entities;
    private final Exchange exchange;
    private MultivaluedMap<String, String> headers;
    private boolean read;

    ReceivedEntityPart(Part part, EntityIO entities, Exchange exchange) {
        this.part = part;
        this.entities = entities;
        this.exchange = exchange;
    }

    @Override
    public String getName() {
        return part.name();
    }

    @Override
    public Optional<String> getFileName() {
        return part.filename();
    }

    /** The content as a new stream from its beginning; the caller closes it. */
    @Override
    public InputStream getContent() {
        read = true;
        return open();
    }

    @Override
    public <T> T getContent(Class<T> type) throws IOException {
        return type.cast(convert(type, type));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getContent(GenericType<T> type) throws IOException {
        return (T) convert(type.getRawType(), type.getType());
    }

    private Object convert(Class<?> raw, Type type) throws IOException {
        if (read) {
            throw new IllegalStateException("the content of part '" + part.name() + "' has already been read");
        }
        read = true;
        if (raw == InputStream.class) {
            return open();
        }
        MediaType mediaType = getMediaType();
        try (InputStream in = open()) {
            return entities.read(exchange, raw, type, NONE, mediaType, getHeaders(), in);
        } catch (NotSupportedException e) {
            throw new IllegalArgumentException("no MessageBodyReader reads part '" + part.name() + "' ("
                    + MediaTypes.toString(mediaType) + ") as " + type.getTypeName(), e);
        }
    }

    private InputStream open() {
        try {
            return part.inputStream();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read part '" + part.name() + "': " + e.getMessage(), e);
        }
    }

    /** The part's header fields, case-insensitive. */
    @Override
    public MultivaluedMap<String, String> getHeaders() {
        if (headers == null) {
            MultivaluedMap<String, String> copy = new CaseInsensitiveMultivaluedMap<>();
            part.headers().forEach((name, value) -> copy.add(name.toString(), value.toString()));
            headers = copy;
        }
        return headers;
    }

    /** The part's Content-Type; {@code text/plain} when it has none (RFC 7578, section 4.4). */
    @Override
    public MediaType getMediaType() {
        return part.contentType().map(MediaTypes::fromString).orElse(MediaType.TEXT_PLAIN_TYPE);
    }

    /** The part Brisk received, for the multipart writer. */
    Part part() {
        return part;
    }

    @Override
    public String toString() {
        return "EntityPart[" + part.name() + part.filename().map(f -> ", " + f).orElse("") + ", " + part.size()
                + " bytes]";
    }
}
