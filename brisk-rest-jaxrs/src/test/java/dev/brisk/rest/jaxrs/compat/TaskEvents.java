package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;

import java.util.concurrent.atomic.AtomicInteger;

/** Live updates of the task list: every subscribed browser hears of each new task. */
public final class TaskEvents {

    private final AtomicInteger subscribers = new AtomicInteger();
    private Sse sse;
    private SseBroadcaster broadcaster;

    /** Adds a subscriber; the broadcaster is created with the first one, from the injected {@code Sse}. */
    public synchronized void subscribe(Sse sse, SseEventSink sink) {
        if (broadcaster == null) {
            this.sse = sse;
            broadcaster = sse.newBroadcaster();
            broadcaster.onClose(closed -> subscribers.decrementAndGet());
            broadcaster.onError((failed, error) -> subscribers.decrementAndGet());
        }
        broadcaster.register(sink);
        subscribers.incrementAndGet();
    }

    /** Tells every subscriber, from whatever thread created the task. */
    public void created(Task task) {
        SseBroadcaster target;
        Sse events;
        synchronized (this) {
            target = broadcaster;
            events = sse;
        }
        if (target != null) {
            target.broadcast(events.newEventBuilder()
                    .id(String.valueOf(task.getId()))
                    .name("task-created")
                    .mediaType(MediaType.APPLICATION_JSON_TYPE)
                    .data(Task.class, task)
                    .build());
        }
    }

    public int subscribers() {
        return subscribers.get();
    }

    /** Ends every subscriber's stream. */
    public synchronized void shutdown() {
        if (broadcaster != null) {
            broadcaster.close();
        }
    }
}
