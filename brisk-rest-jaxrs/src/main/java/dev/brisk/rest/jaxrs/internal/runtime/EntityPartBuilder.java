package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;

import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.List;

/**
 * Builds {@link OutboundEntityPart}s for {@link EntityPart#withName(String)}. The media type defaults to
 * {@code application/octet-stream} for a part with a file name and {@code text/plain} otherwise; objects are turned
 * into bytes by the server's entity writers when the part is sent.
 */
final class EntityPartBuilder implements EntityPart.Builder {

    private final String name;
    private final MultivaluedMap<String, String> headers = new CaseInsensitiveMultivaluedMap<>();
    private String fileName;
    private MediaType mediaType;
    private Object content;
    private Class<?> contentType;
    private Type genericType;

    EntityPartBuilder(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an entity part needs a name, not " + (name == null ? "null"
                    : "\"" + name + "\""));
        }
        this.name = name;
    }

    @Override
    public EntityPart.Builder mediaType(MediaType mediaType) {
        this.mediaType = required(mediaType, "mediaType");
        return this;
    }

    @Override
    public EntityPart.Builder mediaType(String mediaType) {
        return mediaType(MediaTypes.fromString(required(mediaType, "mediaType")));
    }

    @Override
    public EntityPart.Builder header(String headerName, String... headerValues) {
        required(headerName, "headerName");
        if (headerName.equalsIgnoreCase(HttpHeaders.CONTENT_TYPE) && headerValues.length > 0) {
            return mediaType(headerValues[0]);
        }
        headers.put(headerName, List.of(headerValues));
        return this;
    }

    @Override
    public EntityPart.Builder headers(MultivaluedMap<String, String> newHeaders) {
        required(newHeaders, "newHeaders").forEach((key, values) -> header(key, values.toArray(String[]::new)));
        return this;
    }

    @Override
    public EntityPart.Builder fileName(String fileName) {
        this.fileName = required(fileName, "fileName");
        return this;
    }

    @Override
    public EntityPart.Builder content(InputStream content) {
        return content(required(content, "content"), InputStream.class, InputStream.class);
    }

    @Override
    public <T> EntityPart.Builder content(T content, Class<? extends T> type) {
        return content(required(content, "content"), required(type, "type"), type);
    }

    @Override
    public <T> EntityPart.Builder content(T content, GenericType<T> type) {
        required(type, "type");
        return content(required(content, "content"), type.getRawType(), type.getType());
    }

    private EntityPart.Builder content(Object content, Class<?> type, Type generic) {
        this.content = content;
        this.contentType = type;
        this.genericType = generic;
        return this;
    }

    /** @throws IllegalStateException when no content was set */
    @Override
    public EntityPart build() {
        if (content == null) {
            throw new IllegalStateException("entity part '" + name + "' has no content");
        }
        MediaType type = mediaType != null ? mediaType
                : fileName != null ? MediaType.APPLICATION_OCTET_STREAM_TYPE : MediaType.TEXT_PLAIN_TYPE;
        MultivaluedMap<String, String> all = new CaseInsensitiveMultivaluedMap<>(headers);
        all.putSingle(HttpHeaders.CONTENT_TYPE, MediaTypes.toString(type));
        return new OutboundEntityPart(name, fileName, all, type, content, contentType, genericType);
    }

    private static <T> T required(T value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " is null");
        }
        return value;
    }
}
