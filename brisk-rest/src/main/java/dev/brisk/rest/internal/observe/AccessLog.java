package dev.brisk.rest.internal.observe;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.AccessLogOptions;
import dev.brisk.transport.TraceContext;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The access log: {@link #track} notes a request on its event loop and, when its response has been written, offers an
 * entry to a bounded queue (never waiting: a full queue drops the entry and counts it); one daemon thread takes the
 * entries in batches, formats them and writes them to the logger.
 */
public final class AccessLog implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");
    /** Lines taken from the queue at once. */
    private static final int BATCH = 256;
    /** How long the writer sleeps when it finds the queue empty. */
    private static final long IDLE_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final AccessLogFormatter formatter;
    private final String[] headerNames;
    private final LineSink sink;
    private final BlockingQueue<AccessLogEntry> queue;
    private final LongAdder dropped = new LongAdder();
    private final Thread writer;
    private volatile boolean closed;

    public AccessLog(AccessLogOptions options) {
        this(options, LineSink.forLogger(options.loggerName()));
    }

    AccessLog(AccessLogOptions options, LineSink sink) {
        this.formatter = new AccessLogFormatter(options);
        this.headerNames = formatter.headerNames();
        this.sink = sink;
        this.queue = new ArrayBlockingQueue<>(options.queueSize());
        this.writer = new Thread(this::drain, "brisk-access-log");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Starts timing {@code request} (on its event loop, before the handler runs); the line is queued once its response
     * has been written or the connection has gone. {@code trace} is the request's trace, or null.
     */
    public void track(ServerRequest request, TraceContext trace) {
        long start = System.nanoTime();
        long epochMillis = System.currentTimeMillis();
        String[] headers = new String[headerNames.length];
        for (int i = 0; i < headers.length; i++) {
            headers[i] = request.headers().get(headerNames[i], null);
        }
        String method = request.method().name();
        String uri = request.uri();
        ServerResponse response = request.response();
        response.completion().whenComplete((ignored, error) -> {
            AccessLogEntry entry = new AccessLogEntry(epochMillis, method, uri, request.protocol(),
                    request.remoteAddress(), response.status(), Math.max(0, response.bodyBytes()),
                    System.nanoTime() - start, trace == null ? null : trace.traceId(), headers);
            if (closed || !queue.offer(entry)) {
                dropped.increment();
            }
        });
    }

    /** Lines dropped because the writer could not keep up (or the log was closed). */
    public long dropped() {
        return dropped.sum();
    }

    /**
     * Writes what the queue holds, in batches; sleeps a few milliseconds when it is empty. Producers never wake the
     * writer (a wake-up per line would cost a context switch per request on a busy core): a line waits at most
     * {@link #IDLE_WAIT_NANOS} before it is written.
     */
    private void drain() {
        List<AccessLogEntry> batch = new ArrayList<>(BATCH);
        while (true) {
            queue.drainTo(batch, BATCH);
            if (batch.isEmpty()) {
                if (closed) {
                    return;
                }
                LockSupport.parkNanos(IDLE_WAIT_NANOS);
                continue;
            }
            for (int i = 0, n = batch.size(); i < n; i++) {
                try {
                    sink.write(formatter.format(batch.get(i)));
                } catch (Throwable t) {
                    LOG.log(System.Logger.Level.WARNING, "access log line not written: " + t, t);
                }
            }
            batch.clear();
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
