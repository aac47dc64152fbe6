package dev.brisk.rest.spring.internal;

import dev.brisk.rest.sse.SseEvent;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter.DataWithMediaType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Reads the pieces Spring's {@code SseEmitter.event()} builder produces back into Brisk {@link SseEvent}s. The builder
 * lays an event out as text in the event-stream format ({@code id:}, {@code event:}, {@code retry:}, {@code :}
 * comment and {@code data:} lines) with the data objects in between, each right after its {@code data:}; Brisk
 * writes the same fields, and encodes the objects with its codecs as their media type (JSON unless given). Strings
 * are text whatever their media type, as Spring's string converter writes them.
 */
final class SseEvents {

    private SseEvents() {
    }

    /**
     * The events laid out by {@code items}, in order (the builder makes one; a set written by hand may hold more).
     *
     * @throws IllegalArgumentException when the items are not in the event-stream layout
     */
    static List<SseEvent> parse(Collection<DataWithMediaType> items) {
        Parser parser = new Parser();
        for (DataWithMediaType item : items) {
            if (item.getData() instanceof CharSequence text) {
                parser.text(text);
            } else {
                parser.object(item.getData(), item.getMediaType());
            }
        }
        parser.endOfInput();
        return parser.events;
    }

    /** Splits the text into lines, holding objects at the {@code data:} line they follow. */
    private static final class Parser {
        private final List<SseEvent> events = new ArrayList<>(1);
        private final StringBuilder line = new StringBuilder();
        private SseEvent.Builder event;
        private StringBuilder comment;
        private boolean objectOnLine;

        void text(CharSequence text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\n') {
                    endOfLine();
                } else if (c != '\r') {
                    if (objectOnLine) {
                        throw new IllegalArgumentException("text follows a data object on its line: " + text);
                    }
                    line.append(c);
                }
            }
        }

        void object(Object data, MediaType mediaType) {
            if (objectOnLine || !line.toString().equals("data:")) {
                throw new IllegalArgumentException("a data object must follow \"data:\", not \"" + line + "\"");
            }
            SseEvent.Builder builder = event();
            builder.data(data);
            // JSON is Brisk's default for objects; naming it would make the event's text data JSON strings too
            if (mediaType != null && !MediaType.APPLICATION_JSON.equalsTypeAndSubtype(mediaType)) {
                builder.mediaType(mediaType.toString());
            }
            objectOnLine = true;
        }

        void endOfInput() {
            if (!line.isEmpty() || objectOnLine) {
                endOfLine();
            }
            endOfEvent();
        }

        private void endOfLine() {
            String text = line.toString();
            line.setLength(0);
            if (objectOnLine) {
                objectOnLine = false;
                return;
            }
            if (text.isEmpty()) {
                endOfEvent();
            } else if (text.charAt(0) == ':') {
                if (comment == null) {
                    comment = new StringBuilder();
                } else {
                    comment.append('\n');
                }
                comment.append(text, 1, text.length());
                event();
            } else {
                field(text);
            }
        }

        private void field(String text) {
            int colon = text.indexOf(':');
            String name = colon < 0 ? text : text.substring(0, colon);
            String value = colon < 0 ? "" : text.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1); // as a client reads it
            }
            switch (name) {
                case "id" -> event().id(value);
                case "event" -> event().name(value);
                case "retry" -> event().retry(Duration.ofMillis(Long.parseLong(value.trim())));
                case "data" -> event().data(value);
                default -> throw new IllegalArgumentException("not an event-stream field: \"" + text + "\"");
            }
        }

        private SseEvent.Builder event() {
            if (event == null) {
                event = SseEvent.builder();
            }
            return event;
        }

        private void endOfEvent() {
            if (event == null) {
                return;
            }
            if (comment != null) {
                event.comment(comment.toString());
            }
            events.add(event.build());
            event = null;
            comment = null;
        }
    }
}
