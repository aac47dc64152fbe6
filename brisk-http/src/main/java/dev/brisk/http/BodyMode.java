package dev.brisk.http;

/** How a request body is handed to the handler. */
public enum BodyMode {
    /**
     * The server collects the whole body (up to the size limit) and calls the handler once it is complete;
     * {@link ServerRequest#body()} then holds it.
     */
    AGGREGATE,
    /**
     * The handler is called as soon as the request head has arrived and receives the body piece by piece through
     * {@link ServerRequest#stream(BodyListener)}; reading from the socket pauses while the listener is paused.
     */
    STREAM
}
