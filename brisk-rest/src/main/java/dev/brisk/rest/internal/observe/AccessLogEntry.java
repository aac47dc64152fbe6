package dev.brisk.rest.internal.observe;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.TraceContext;

import java.net.SocketAddress;

/**
 * One request as the access log records it: begun on the event loop when the request arrives, ended there when its
 * response has been written (values only, no formatting), then handed to the writer thread, which formats it.
 */
public final class AccessLogEntry {

    private static final String[] NO_HEADERS = new String[0];

    private final AccessLog log;
    /** Until the response is written; dropped then, so that a queued line does not keep the request alive. */
    private ServerRequest request;
    private final String method;
    private final String uri;
    private final Protocol protocol;
    private final SocketAddress remote;
    private final long startNanos;
    private final TraceContext trace;
    private final String[] headers;
    private int status;
    private long bytes;
    private long durationNanos;

    AccessLogEntry(AccessLog log, ServerRequest request, SocketAddress remote, TraceContext trace,
                   String[] headerNames, long startNanos) {
        this.log = log;
        this.request = request;
        this.startNanos = startNanos;
        this.method = request.method().name();
        this.uri = request.uri();
        this.protocol = request.protocol();
        this.remote = remote;
        this.trace = trace;
        if (headerNames.length == 0) {
            this.headers = NO_HEADERS;
        } else {
            this.headers = new String[headerNames.length];
            for (int i = 0; i < headers.length; i++) {
                headers[i] = request.headers().get(headerNames[i], null);
            }
        }
    }

    /**
     * The response has been written (or the connection has gone) at {@code nowNanos} ({@link System#nanoTime()}):
     * takes its values and queues the line.
     */
    public void ended(long nowNanos) {
        ServerResponse response = request.response();
        durationNanos = nowNanos - startNanos;
        status = response.status();
        bytes = Math.max(0, response.bodyBytes());
        request = null;
        log.offer(this);
    }

    /** When the request arrived, in {@link System#nanoTime()}'s terms (the writer turns it into a wall-clock time). */
    long startNanos() {
        return startNanos;
    }

    String method() {
        return method;
    }

    String uri() {
        return uri;
    }

    Protocol protocol() {
        return protocol;
    }

    SocketAddress remote() {
        return remote;
    }

    int status() {
        return status;
    }

    long bytes() {
        return bytes;
    }

    long durationNanos() {
        return durationNanos;
    }

    /** The request's trace, null when tracing is off. */
    TraceContext trace() {
        return trace;
    }

    String[] headers() {
        return headers;
    }
}
