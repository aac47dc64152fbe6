package dev.brisk.http.internal;

/**
 * Stops and restarts the flow of one request's body while its consumer is paused: HTTP/1.1 stops reading the socket,
 * HTTP/2 withholds the stream's flow-control credit so the other streams go on.
 */
public interface ReadControl {

    void pauseReading(AbstractServerRequest request);

    void resumeReading(AbstractServerRequest request);
}
