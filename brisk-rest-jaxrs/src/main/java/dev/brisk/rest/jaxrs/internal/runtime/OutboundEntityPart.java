package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A part built with {@link EntityPart#withName(String)}: a name, an optional file name, headers, and content that is a
 * stream or an object the server's entity writers write when the part is sent (a resource returning
 * {@code List<EntityPart>} as {@code multipart/form-data}).
 */
public final class OutboundEntityPart implements EntityPart {

    private final String name;
    private final String fileName;
    private final MultivaluedMap<String, String> headers;
    private final MediaType mediaType;
    private final Object content;
    private final Class<?> contentType;
    private final Type genericType;
    private boolean read;

    OutboundEntityPart(String name, String fileName, MultivaluedMap<String, String> headers, MediaType mediaType,
                       Object content, Class<?> contentType, Type genericType) {
        this.name = name;
        this.fileName = fileName;
        this.headers = headers;
        this.mediaType = mediaType;
        this.content = content;
        this.contentType = contentType;
        this.genericType = genericType;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public Optional<String> getFileName() {
        return Optional.ofNullable(fileName);
    }

    /**
     * The content as a stream: the stream it was built with, or the bytes of text or a byte array.
     *
     * @throws IllegalStateException for other objects, which only the server's entity writers turn into bytes
     */
    @Override
    public InputStream getContent() {
        read = true;
        return stream();
    }

    @Override
    public <T> T getContent(Class<T> type) throws IOException {
        return type.cast(convert(type));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getContent(GenericType<T> type) throws IOException {
        return (T) convert(type.getRawType());
    }

    private Object convert(Class<?> type) throws IOException {
        if (read) {
            throw new IllegalStateException("the content of part '" + name + "' has already been read");
        }
        read = true;
        if (type.isInstance(content)) {
            return content;
        }
        if (type == InputStream.class) {
            return stream();
        }
        if (type == byte[].class || type == String.class) {
            try (InputStream in = stream()) {
                byte[] bytes = in.readAllBytes();
                return type == byte[].class ? bytes : new String(bytes, charset());
            }
        }
        throw new IllegalArgumentException("part '" + name + "' holds a " + contentType.getName()
                + "; it converts to " + type.getName() + " only when the server writes it");
    }

    private InputStream stream() {
        if (content instanceof InputStream in) {
            return in;
        }
        if (content instanceof byte[] bytes) {
            return new ByteArrayInputStream(bytes);
        }
        if (content instanceof String text) {
            return new ByteArrayInputStream(text.getBytes(charset()));
        }
        throw new IllegalStateException("part '" + name + "' holds a " + contentType.getName() + ", which the "
                + "server's entity writers turn into bytes when the part is sent");
    }

    private Charset charset() {
        String charset = mediaType.getParameters().get(MediaType.CHARSET_PARAMETER);
        return charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset);
    }

    /** The part's headers, its Content-Type among them. */
    @Override
    public MultivaluedMap<String, String> getHeaders() {
        return headers;
    }

    @Override
    public MediaType getMediaType() {
        return mediaType;
    }

    /** The content: an {@code InputStream} or an object for the entity writers. */
    public Object content() {
        return content;
    }

    /** The type the entity writers are chosen by. */
    public Class<?> contentType() {
        return contentType;
    }

    /** The generic type the entity writers are chosen by. */
    public Type genericType() {
        return genericType;
    }

    @Override
    public String toString() {
        return "EntityPart[" + name + (fileName == null ? "" : ", " + fileName) + ", "
                + headers.getFirst(HttpHeaders.CONTENT_TYPE) + "]";
    }
}
