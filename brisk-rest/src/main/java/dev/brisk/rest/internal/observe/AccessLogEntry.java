package dev.brisk.rest.internal.observe;

import dev.brisk.http.common.Protocol;

import java.net.SocketAddress;

/**
 * One request as the access log records it: taken on the event loop (values only, no formatting), formatted on the
 * writer thread.
 */
record AccessLogEntry(long epochMillis, String method, String uri, Protocol protocol, SocketAddress remote,
                      int status, long bytes, long durationNanos, String traceId, String[] headers) {
}
