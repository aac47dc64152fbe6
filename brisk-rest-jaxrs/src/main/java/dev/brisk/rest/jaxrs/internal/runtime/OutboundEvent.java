package dev.brisk.rest.jaxrs.internal.runtime;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;

import java.lang.reflect.Type;

/** An immutable {@link OutboundSseEvent}, built by {@link OutboundEventBuilder}. */
public final class OutboundEvent implements OutboundSseEvent {

    private final String id;
    private final String name;
    private final String comment;
    private final long reconnectDelay;
    private final Class<?> type;
    private final Type genericType;
    private final MediaType mediaType;
    private final Object data;

    OutboundEvent(String id, String name, String comment, long reconnectDelay, Class<?> type, Type genericType,
                  MediaType mediaType, Object data) {
        this.id = id;
        this.name = name;
        this.comment = comment;
        this.reconnectDelay = reconnectDelay;
        this.type = type;
        this.genericType = genericType;
        this.mediaType = mediaType;
        this.data = data;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getComment() {
        return comment;
    }

    @Override
    public long getReconnectDelay() {
        return reconnectDelay;
    }

    @Override
    public boolean isReconnectDelaySet() {
        return reconnectDelay != RECONNECT_NOT_SET;
    }

    @Override
    public Class<?> getType() {
        return type;
    }

    @Override
    public Type getGenericType() {
        return genericType;
    }

    @Override
    public MediaType getMediaType() {
        return mediaType;
    }

    @Override
    public Object getData() {
        return data;
    }

    @Override
    public String toString() {
        return "OutboundSseEvent[id=" + id + ", name=" + name + ", data=" + data + "]";
    }
}
