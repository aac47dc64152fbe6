package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Server-Sent Events: the live task list, and the progress of a long operation on one task. */
@Path("tasks")
public class TaskEventsResource {

    private final TaskStore store;
    private final TaskEvents events;
    private final ExecutorService workers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "task-worker");
        thread.setDaemon(true);
        return thread;
    });

    @Context
    private Sse sse;

    public TaskEventsResource(TaskStore store, TaskEvents events) {
        this.store = store;
        this.events = events;
    }

    /** Subscribes to new tasks; a welcome event first, with the reconnection delay browsers should use. */
    @GET
    @Path("events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void subscribe(@Context SseEventSink sink, @HeaderParam("Last-Event-ID") String lastEventId) {
        sink.send(sse.newEventBuilder()
                .id("0")
                .name("welcome")
                .comment("task events")
                .reconnectDelay(3000)
                .data(lastEventId == null ? "connected" : "reconnected after " + lastEventId)
                .build());
        events.subscribe(sse, sink);
    }

    /** Archives a task in three steps, reported by a worker thread after this method returned. */
    @GET
    @Path("{id}/archiving")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void archive(@PathParam("id") long id, @Context SseEventSink sink, @Context Sse events) {
        Task task = store.get(id);
        workers.submit(() -> {
            try (SseEventSink stream = sink) {
                for (int step = 1; step <= 3; step++) {
                    stream.send(events.newEvent("step", step + "/3"));
                }
                stream.send(events.newEvent("done", "archived: " + task.getTitle() + "\nstill searchable"));
            }
            return null;
        });
    }
}
