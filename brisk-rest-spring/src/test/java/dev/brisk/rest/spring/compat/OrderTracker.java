package dev.brisk.rest.spring.compat;

import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Who watches which order: the emitters of the open progress streams. Progress is published by the tracker's own
 * thread, as a message listener would; a stream leaves the tracker when it completes, times out or breaks.
 */
public final class OrderTracker {

    /** The status of an order, as sent in progress events. */
    public record Status(long orderId, String status) {
    }

    private final Map<Long, List<SseEmitter>> watchers = new ConcurrentHashMap<>();
    private final ExecutorService publisher = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "order-progress");
        thread.setDaemon(true);
        return thread;
    });

    void watch(long orderId, SseEmitter emitter) {
        List<SseEmitter> list = watchers.computeIfAbsent(orderId, id -> new CopyOnWriteArrayList<>());
        list.add(emitter);
        emitter.onCompletion(() -> list.remove(emitter));
        emitter.onTimeout(emitter::complete);
        emitter.onError(e -> list.remove(emitter));
    }

    int watchers(long orderId) {
        return watchers.getOrDefault(orderId, List.of()).size();
    }

    /** Tells every watcher that the order left, then ends their streams. */
    void shipped(long orderId) {
        publisher.execute(() -> {
            for (SseEmitter emitter : watchers.getOrDefault(orderId, List.of())) {
                try {
                    emitter.send(SseEmitter.event().id("2").name("status")
                            .data(new Status(orderId, "shipped"), MediaType.APPLICATION_JSON));
                    emitter.send(SseEmitter.event().name("note").data("left the warehouse\nexpected tomorrow"));
                    emitter.complete();
                } catch (IOException e) {
                    emitter.completeWithError(e);
                }
            }
        });
    }
}
