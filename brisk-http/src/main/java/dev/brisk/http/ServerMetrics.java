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
     * HTTP/2 streams refused or reset since start because their connection held more unsent response data than
     * {@link HttpLimits#maxConnectionBuffer()}: new streams refused (REFUSED_STREAM) and responses dropped
     * (ENHANCE_YOUR_CALM), typically for peers that grant no flow-control window or do not read.
     */
    default long streamsResetOverBuffer() {
        return 0;
    }
}
