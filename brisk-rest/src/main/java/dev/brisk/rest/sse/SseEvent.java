package dev.brisk.rest.sse;

import dev.brisk.codec.MediaType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One Server-Sent Event: optional {@code id}, event name, reconnection delay ({@code retry}) and comment, and its data.
 * Text data ({@link CharSequence}) is sent as it is, one {@code data:} line per line of text; any other object is
 * encoded by the server's codecs as {@link #mediaType()} (JSON unless set), its line breaks split into {@code data:}
 * lines too. Several data values make several groups of {@code data:} lines, which the client joins with line feeds.
 * Immutable.
 *
 * <pre>{@code
 * sink.send(SseEvent.builder().id("42").name("price").data(new Price("ACME", 12.5)).build());
 * sink.send(SseEvent.of("plain text"));
 * }</pre>
 */
public final class SseEvent {

    private final String id;
    private final String name;
    private final String comment;
    private final Duration retry;
    private final List<Object> data;
    private final MediaType mediaType;

    private SseEvent(Builder b) {
        this.id = b.id;
        this.name = b.name;
        this.comment = b.comment;
        this.retry = b.retry;
        this.data = List.copyOf(b.data);
        this.mediaType = b.mediaType;
    }

    /** An event with {@code data} only. */
    public static SseEvent of(Object data) {
        return builder().data(data).build();
    }

    /** An event with a name and {@code data}. */
    public static SseEvent of(String name, Object data) {
        return builder().name(name).data(data).build();
    }

    /** A comment line only, e.g. a heartbeat that keeps proxies from closing an idle stream. */
    public static SseEvent comment(String comment) {
        return builder().comment(comment).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The event id, which the client sends back as {@code Last-Event-ID} when it reconnects. */
    public Optional<String> id() {
        return Optional.ofNullable(id);
    }

    /** The event name ({@code event:} field); clients dispatch unnamed events as {@code message}. */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    public Optional<String> comment() {
        return Optional.ofNullable(comment);
    }

    /** How long the client waits before reconnecting. */
    public Optional<Duration> retry() {
        return Optional.ofNullable(retry);
    }

    /** The data values, in order; empty for an event without data. */
    public List<Object> data() {
        return data;
    }

    /** The media type non-text data is encoded as; JSON when not set. */
    public Optional<MediaType> mediaType() {
        return Optional.ofNullable(mediaType);
    }

    @Override
    public String toString() {
        return "SseEvent[id=" + id + ", name=" + name + ", data=" + data + "]";
    }

    /** Builds an {@link SseEvent}. */
    public static final class Builder {
        private String id;
        private String name;
        private String comment;
        private Duration retry;
        private final List<Object> data = new ArrayList<>(1);
        private MediaType mediaType;

        private Builder() {
        }

        /** The event id; no line breaks or NUL. */
        public Builder id(String id) {
            this.id = field("id", id, true);
            return this;
        }

        /** The event name; no line breaks. */
        public Builder name(String name) {
            this.name = field("name", name, false);
            return this;
        }

        /** A comment, sent as {@code :} lines (one per line of text); clients ignore it. */
        public Builder comment(String comment) {
            this.comment = Objects.requireNonNull(comment, "comment");
            return this;
        }

        /** The client's reconnection delay, sent in milliseconds. */
        public Builder retry(Duration retry) {
            Objects.requireNonNull(retry, "retry");
            if (retry.isNegative()) {
                throw new IllegalArgumentException("retry must not be negative: " + retry);
            }
            this.retry = retry;
            return this;
        }

        /** Adds a data value: text as it is, other objects encoded by the codecs. */
        public Builder data(Object value) {
            data.add(Objects.requireNonNull(value, "data"));
            return this;
        }

        /** The media type non-text data is encoded as (default {@code application/json}). */
        public Builder mediaType(MediaType mediaType) {
            this.mediaType = Objects.requireNonNull(mediaType, "mediaType");
            return this;
        }

        /** Like {@link #mediaType(MediaType)}, parsed. */
        public Builder mediaType(String mediaType) {
            return mediaType(MediaType.parse(mediaType));
        }

        /**
         * @throws IllegalStateException when the event has no field at all
         */
        public SseEvent build() {
            if (id == null && name == null && comment == null && retry == null && data.isEmpty()) {
                throw new IllegalStateException("an event needs data, an id, a name, a retry or a comment");
            }
            return new SseEvent(this);
        }

        private static String field(String field, String value, boolean noNul) {
            Objects.requireNonNull(value, field);
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
}
