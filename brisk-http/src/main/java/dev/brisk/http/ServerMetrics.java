package dev.brisk.http;

import dev.brisk.http.common.Protocol;
/** Live counters of a running server, cheap to read; feed them to any metrics system. */
public interface ServerMetrics {

    /** Connections open now that speak {@code protocol} (HTTP/1.0 and 1.1 are counted as {@link Protocol#HTTP_1_1}). */
    long openConnections(Protocol protocol);

    /** Connections open now, all protocols. */
    long openConnections();

    /** Connections accepted since start (those refused at the connection limit are not counted). */
    long connectionsAccepted();

    /** Requests received since start. */
    long requestsTotal();

    /** Requests received whose response has not ended yet. */
    long requestsInFlight();

    /**
     * Responses given up since start because their connection held more unsent response data than
     * {@link HttpLimits#maxConnectionBuffer()}, typically for peers that grant no flow-control window or do not read:
     * HTTP/2 streams refused (REFUSED_STREAM) or reset (ENHANCE_YOUR_CALM), HTTP/1.1 connections closed.
     */
    default long bufferLimitRefusals() {
        return 0;
    }
}
