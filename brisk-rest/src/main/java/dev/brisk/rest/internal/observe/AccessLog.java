package dev.brisk.rest.internal.observe;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.internal.protect.ClientAddresses;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.transport.TraceContext;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The access log: {@link #begin} notes a request on its event loop and, when its response has been written, its line's
 * values are copied into a bounded ring (never waiting: a full ring drops the line and counts it); one daemon thread
 * takes the lines in batches, formats them and writes them to the logger or the log's file.
 */
public final class AccessLog implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");
    /** Lines taken from the queue at once. */
    private static final int BATCH = 256;
    /**
     * How long the writer sleeps when it finds the queue empty: each wake-up costs a context switch on a core the
     * event loops need (at 5 ms, about 1 % of the CPU of a busy server), and a line that waits 20 ms is still written
     * long before anyone reads it.
     */
    private static final long IDLE_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final AccessLogFormatter formatter;
    private final String[] headerNames;
    private final LineSink sink;
    private final AccessLogRing ring;
    /** Finds the client behind a trusted proxy; null when no proxy is trusted (the peer is the client). */
    private final ClientAddresses clients;
    private final LongAdder dropped = new LongAdder();
    private final Thread writer;
    private volatile boolean closed;

    /**
     * The access log of a server whose trusted proxies report client addresses ({@code clients}, null when it trusts
     * none): a request from one of them is logged with the client address the IP filter would see.
     */
    public AccessLog(AccessLogOptions options, ClientAddresses clients) {
        this.clients = clients;
        this.formatter = new AccessLogFormatter(options);
        this.headerNames = formatter.headerNames();
        this.sink = LineSink.of(options, dropped::add);
        // lock-free for the event loops that offer; a lock would let a preempted writer stall an event loop
        this.ring = new AccessLogRing(options.queueSize());
        this.writer = new Thread(this::drain, "brisk-access-log");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Begins the line of {@code request} (on its event loop, before the handler runs); the caller ends it with
     * {@link AccessLogEntry#ended} once the response has been written or the connection has gone, and that queues it.
     * {@code trace} is the request's trace, or null; {@code startNanos} when it arrived ({@link System#nanoTime()}).
     */
    public AccessLogEntry begin(ServerRequest request, TraceContext trace, long startNanos) {
        return new AccessLogEntry(this, request, clients == null ? request.remoteAddress()
                : clients.clientAddress(request), trace, headerNames, startNanos);
    }

    /** Queues a completed entry for the writer, or counts it dropped when the queue is full or the log closed. */
    void offer(AccessLogEntry entry) {
        if (closed || !ring.offer(entry)) {
            dropped.increment();
        }
    }

    /** Lines dropped because the writer could not keep up (or the log was closed, or its file could not be written). */
    public long dropped() {
        return dropped.sum();
    }

    /**
     * Writes what the queue holds, in batches; sleeps a few milliseconds when it is empty. Producers never wake the
     * writer (a wake-up per line would cost a context switch per request on a busy core): a line waits at most
     * {@link #IDLE_WAIT_NANOS} before it is written.
     */
    private void drain() {
        AccessLogRing.Line line = ring.new Line();
        while (true) {
            if (!ring.take(line)) {
                if (closed) {
                    sink.close();
                    return;
                }
                LockSupport.parkNanos(IDLE_WAIT_NANOS);
                continue;
            }
            long now = System.currentTimeMillis();
            formatter.now(now, System.nanoTime());
            sink.beginBatch(now);
            boolean taken = true;
            for (int i = 0; i < BATCH && taken; i++) {
                try {
                    if (line.skipped()) {
                        dropped.increment();
                    } else {
                        sink.write(formatter.format(line));
                    }
                } catch (Throwable t) {
                    LOG.log(System.Logger.Level.WARNING, "access log line not written: " + t, t);
                }
                line.clear();
                taken = i + 1 < BATCH && ring.take(line);
            }
            ring.release();
            sink.endBatch();
        }
    }

    /** Writes what is queued (waiting up to a second for it), then stops the writer thread. */
    @Override
    public void close() {
        closed = true;
        try {
            writer.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
