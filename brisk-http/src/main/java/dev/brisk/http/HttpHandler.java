package dev.brisk.http;

/**
 * Handles requests. {@link #handle(ServerRequest)} must eventually complete {@link ServerRequest#response()}; it may
 * do so on any thread. It runs on the connection's event loop, so it must not block.
 */
@FunctionalInterface
public interface HttpHandler {

    /** Handles one request; by default called once the whole body has arrived (see {@link #bodyMode}). */
    void handle(ServerRequest request);

    /**
     * Called when the request head has arrived, before any body byte is read, to choose how the body is received.
     * It may also lower or raise the body limit with {@link ServerRequest#maxBodySize(long)}.
     */
    default BodyMode bodyMode(ServerRequest request) {
        return BodyMode.AGGREGATE;
    }
}
