package dev.brisk.rest.jaxrs.internal.sse;

import dev.brisk.rest.sse.SseEvent;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Turns Jakarta REST's {@link OutboundSseEvent}s into Brisk's {@link SseEvent}s: id, name, comment and reconnection
 * delay as they are, the data written by the application's entity writers (else the built-in ones and Brisk's
 * codecs) as the event's media type, then sent as text, one {@code data:} line per line.
 */
public final class EventEncoder {

    /** Writes event data as a media type: the server's entity writers. */
    @FunctionalInterface
    public interface DataWriter {
        void write(Object data, Class<?> type, Type genericType, MediaType mediaType, OutputStream out)
                throws IOException;
    }

    private final DataWriter writer;

    public EventEncoder(DataWriter writer) {
        this.writer = writer;
    }

    /**
     * The event in Brisk's terms.
     *
     * @throws IllegalArgumentException when the id or name holds a line break, or nothing writes the data as the
     *                                  event's media type
     * @throws IOException              when the writer fails
     */
    public SseEvent encode(OutboundSseEvent event) throws IOException {
        SseEvent.Builder builder = SseEvent.builder();
        if (event.getId() != null) {
            builder.id(event.getId());
        }
        if (event.getName() != null) {
            builder.name(event.getName());
        }
        if (event.getComment() != null) {
            builder.comment(event.getComment());
        }
        if (event.isReconnectDelaySet()) {
            builder.retry(Duration.ofMillis(event.getReconnectDelay()));
        }
        if (event.getData() != null) {
            builder.data(text(event));
        }
        return builder.build();
    }

    private String text(OutboundSseEvent event) throws IOException {
        Object data = event.getData();
        MediaType mediaType = event.getMediaType() == null ? MediaType.TEXT_PLAIN_TYPE : event.getMediaType();
        Class<?> type = event.getType() == null ? data.getClass() : event.getType();
        Type genericType = event.getGenericType() == null ? type : event.getGenericType();
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try {
            writer.write(data, type, genericType, mediaType, out);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("cannot write the data of an event (" + type.getName() + ") as "
                    + mediaType + ": " + e.getMessage(), e);
        }
        return out.toString(charset(mediaType));
    }

    private static Charset charset(MediaType mediaType) {
        String charset = mediaType.getParameters().get(MediaType.CHARSET_PARAMETER);
        try {
            return charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unsupported charset of event data: " + charset, e);
        }
    }
}
