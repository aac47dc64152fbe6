package dev.brisk.rest;

/**
 * Handles the requests of one route. It responds through {@link RequestContext#send(Object)} or
 * {@link RequestContext#response()}, now or later: a handler that answers later from another thread calls
 * {@link RequestContext#async()} first (sending a {@code CompletionStage} does that too). A handler that returns
 * without responding and without {@code async()} gets an empty 200.
 */
@FunctionalInterface
public interface Handler {

    void handle(RequestContext ctx) throws Exception;
}
