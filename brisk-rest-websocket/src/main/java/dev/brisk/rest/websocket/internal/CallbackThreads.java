package dev.brisk.rest.websocket.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the callbacks of {@code @ServerEndpoint}s run: virtual threads when the JVM has them (Java 21 and later),
 * otherwise a pool of daemon threads that grows with the connections busy at once. Endpoints written for Jakarta
 * containers block (a {@code getBasicRemote()} send waits for the socket), so they never run on an event loop.
 */
final class CallbackThreads {

    private static final Executor EXECUTOR = create();

    private CallbackThreads() {
    }

    static Executor executor() {
        return EXECUTOR;
    }

    private static Executor create() {
        try {
            return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (ReflectiveOperationException e) {
            AtomicInteger count = new AtomicInteger();
            return Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "brisk-websocket-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        }
    }
}
