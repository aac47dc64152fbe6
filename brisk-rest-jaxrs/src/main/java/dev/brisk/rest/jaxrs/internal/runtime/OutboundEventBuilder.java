package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseEvent;

import java.lang.reflect.Type;
import java.util.Objects;

/**
 * Builds {@link OutboundEvent}s for {@code Sse.newEventBuilder()}. Data is written by the server's entity writers as
 * the event's media type ({@code text/plain} unless set). Ids and names cannot hold line breaks (ids no NUL either):
 * the event stream format has no way to carry them.
 */
public final class OutboundEventBuilder implements OutboundSseEvent.Builder {

    private String id;
    private String name;
    private String comment;
    private long reconnectDelay = SseEvent.RECONNECT_NOT_SET;
    private Class<?> type;
    private Type genericType;
    private MediaType mediaType = MediaType.TEXT_PLAIN_TYPE;
    private Object data;

    @Override
    public OutboundSseEvent.Builder id(String id) {
        this.id = id == null ? null : field("id", id, true);
        return this;
    }

    @Override
    public OutboundSseEvent.Builder name(String name) {
        this.name = name == null ? null : field("name", name, false);
        return this;
    }

    /** Milliseconds; a negative value unsets the delay. */
    @Override
    public OutboundSseEvent.Builder reconnectDelay(long milliseconds) {
        this.reconnectDelay = milliseconds < 0 ? SseEvent.RECONNECT_NOT_SET : milliseconds;
        return this;
    }

    @Override
    public OutboundSseEvent.Builder mediaType(MediaType mediaType) {
        this.mediaType = Objects.requireNonNull(mediaType, "mediaType");
        return this;
    }

    @Override
    public OutboundSseEvent.Builder comment(String comment) {
        this.comment = comment;
        return this;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public OutboundSseEvent.Builder data(Class type, Object data) {
        Objects.requireNonNull(type, "type");
        this.data = Objects.requireNonNull(data, "data");
        this.type = type;
        this.genericType = type;
        return this;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public OutboundSseEvent.Builder data(GenericType type, Object data) {
        Objects.requireNonNull(type, "type");
        this.data = Objects.requireNonNull(data, "data");
        this.type = type.getRawType();
        this.genericType = type.getType();
        return this;
    }

    /** The data and its type; a {@link GenericEntity} gives its entity and generic type. */
    @Override
    public OutboundSseEvent.Builder data(Object data) {
        Objects.requireNonNull(data, "data");
        if (data instanceof GenericEntity<?> generic) {
            this.data = generic.getEntity();
            this.type = generic.getRawType();
            this.genericType = generic.getType();
        } else {
            this.data = data;
            this.type = data.getClass();
            this.genericType = data.getClass();
        }
        return this;
    }

    /** @throws IllegalStateException when neither a comment nor data was set */
    @Override
    public OutboundSseEvent build() {
        if (comment == null && data == null) {
            throw new IllegalStateException("an outbound event needs data or a comment");
        }
        return new OutboundEvent(id, name, comment, reconnectDelay, type, genericType, mediaType, data);
    }

    private static String field(String field, String value, boolean noNul) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || noNul && c == 0) {
                throw new IllegalArgumentException("event " + field + " must not contain "
                        + (c == 0 ? "NUL" : "line breaks") + ": \"" + value.replace("\r", "\\r")
                        .replace("\n", "\\n").replace("\0", "\\0") + "\"");
            }
        }
        return value;
    }
}
