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

    /**
     * Whether {@link #handle} is also given the requests the server refused after their head arrived (a body larger
     * than the limit, one that does not decode), their error response already sent, so that it can log and count
     * them; default false: such requests never reach the handler.
     */
    default boolean observesRefusals() {
        return false;
    }
}
