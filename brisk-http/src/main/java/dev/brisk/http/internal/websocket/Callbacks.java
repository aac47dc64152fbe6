package dev.brisk.http.internal.websocket;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one connection's endpoint callbacks one at a time and in order: inline on the event loop, or handed to an
 * executor. With an executor, reading from the socket pauses while too many callbacks wait, so a slow endpoint
 * slows its peer down instead of queueing without bound.
 */
final class Callbacks {

    private static final int PAUSE_ABOVE = 32;
    private static final int RESUME_BELOW = 8;

    private final Executor executor;
    private final ReadGate reading;
    private final Queue<Runnable> queue;
    private final AtomicInteger pending;
    /** Whether {@link ReadGate#CALLBACKS} is raised; changed only under this object's lock, with the gate. */
    private volatile boolean readPaused;

    Callbacks(Executor executor, ReadGate reading) {
        this.executor = executor;
        this.reading = reading;
        this.queue = executor == null ? null : new ConcurrentLinkedQueue<>();
        this.pending = executor == null ? null : new AtomicInteger();
    }

    /** Runs {@code task} after every callback handed in before it. Called on the event loop. */
    void run(Runnable task) {
        if (executor == null) {
            task.run();
            return;
        }
        queue.add(task);
        int waiting = pending.incrementAndGet();
        if (waiting > PAUSE_ABOVE && !readPaused) {
            adjustReading();
        }
        if (waiting == 1) {
            try {
                executor.execute(this::drain);
            } catch (RejectedExecutionException e) {
                drain(); // the executor is gone (shutdown): run here rather than lose callbacks and their buffers
            }
        }
    }

    private void drain() {
        do {
            Runnable task = queue.poll();
            task.run();
            int left = pending.decrementAndGet();
            if (readPaused && left < RESUME_BELOW) {
                adjustReading();
            }
            if (left == 0) {
                return;
            }
        } while (true);
    }

    /**
     * Pauses or resumes reading from the number of callbacks waiting now, read under the lock: deciding from a count
     * read earlier could pause reading after the last callback ran, and nothing would resume it.
     */
    private synchronized void adjustReading() {
        int waiting = pending.get();
        if (!readPaused && waiting > PAUSE_ABOVE) {
            readPaused = true;
            reading.raise(ReadGate.CALLBACKS);
        } else if (readPaused && waiting < RESUME_BELOW) {
            readPaused = false;
            reading.lower(ReadGate.CALLBACKS);
        }
    }
}
