package dev.brisk.rest;

/**
 * Code around a route's handler, on the handler's scheduler. Which routes an interceptor applies to is decided once
 * per route when the server starts: always, never, or (for {@link MappingInterceptor} and patterns that only
 * partly overlap a route) by a test per request. Implement {@link RouteInterceptor} to choose routes yourself.
 */
public interface HandlerInterceptor {

    /** Before the handler; return false to stop here, having answered the request. */
    default boolean preHandle(RequestContext ctx) throws Exception {
        return true;
    }

    /** After the handler returned normally (its response may still be on its way). */
    default void postHandle(RequestContext ctx) throws Exception {
    }

    /** Once the response has been written, or handling failed ({@code error} not null); must not throw. */
    default void afterCompletion(RequestContext ctx, Throwable error) {
    }
}
