package dev.brisk.rest;

/**
 * Produces the value of one handler-method parameter for a request. Resolvers are chosen per parameter when the
 * route is built (an argument-resolution plan), so nothing is looked up or reflected per request.
 */
@FunctionalInterface
public interface ArgumentResolver {

    Object resolve(RequestContext ctx) throws Exception;
}
