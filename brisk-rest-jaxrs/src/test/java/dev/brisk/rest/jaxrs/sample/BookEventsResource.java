package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;

/**
 * Server-Sent Events of the catalogue: every subscriber of {@code GET /events/books} is told of each book added
 * afterwards, as an event named {@code book-added} whose id is the book's and whose data is the book in JSON, written
 * by the application's entity writers. One broadcaster, created from the injected {@link Sse} on first use.
 */
@Path("/events/books")
public class BookEventsResource {

    @Context
    private Sse sse;

    private SseBroadcaster broadcaster;

    public BookEventsResource(BookStore store) {
        store.onAdded(this::announce);
    }

    /** Subscribes to the books added from now on; a {@code subscribed} event first. */
    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void subscribe(@Context SseEventSink sink) {
        sink.send(sse.newEventBuilder().name("subscribed").data("books").build());
        broadcaster().register(sink);
    }

    private void announce(Book book) {
        SseBroadcaster current;
        synchronized (this) {
            current = broadcaster;
        }
        if (current != null) {
            current.broadcast(sse.newEventBuilder()
                    .id(String.valueOf(book.id()))
                    .name("book-added")
                    .mediaType(MediaType.APPLICATION_JSON_TYPE)
                    .data(Book.class, book)
                    .build());
        }
    }

    private synchronized SseBroadcaster broadcaster() {
        if (broadcaster == null) {
            broadcaster = sse.newBroadcaster();
        }
        return broadcaster;
    }
}
