package dev.brisk.rest.spi;

import dev.brisk.rest.RequestContext;

/**
 * Answers a request that routing could not hand to a route (404, 405, 406, 415) the way a controller style does,
 * e.g. through the application's exception mappers. Provided by a {@link ControllerSupport}; runs where Brisk would
 * otherwise send its own problem response, after the filters that run before routing. {@link RequestContext#route()}
 * is not available.
 */
@FunctionalInterface
public interface RoutingFailureHandler {

    /**
     * Answers the request (now, or later after {@link RequestContext#async()}) and returns true, or returns false to
     * leave the request to the next handler and finally to Brisk's default answer.
     */
    boolean handle(RequestContext ctx, RoutingFailure failure) throws Exception;
}
