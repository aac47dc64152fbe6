package dev.brisk.rest;

/**
 * Turns an exception of type {@code T} (or a subtype) into a response. The handler registered for the most specific
 * type wins. It may rethrow (or throw another exception) to fall back to the default problem response.
 */
@FunctionalInterface
public interface ExceptionHandler<T extends Throwable> {

    void handle(RequestContext ctx, T error) throws Exception;
}
