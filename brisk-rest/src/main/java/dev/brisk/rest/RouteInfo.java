package dev.brisk.rest;

import dev.brisk.codec.MediaType;
import io.netty.handler.codec.http.HttpMethod;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

/**
 * What is known of a route at startup: method, template, media types, scheduler, and for the routes of annotated
 * controllers the handler method, its parameters and its declared response.
 */
public interface RouteInfo {

    HttpMethod method();

    /** The path template, e.g. {@code /users/{id}} (without the context path). */
    String path();

    /** Media types the route declares it produces; empty means whatever the codecs can write. */
    List<MediaType> produces();

    /** Media types the route accepts; empty means any. */
    List<MediaType> consumes();

    /** The scheduler the handler runs on. */
    String scheduler();

    /**
     * The Java method that handles the route, for routes of annotated controllers (and programmatic routes that name
     * one with {@link Route.Builder#handlerMethod}): interceptors read its annotations. Empty otherwise.
     */
    default Optional<Method> handlerMethod() {
        return Optional.empty();
    }

    /**
     * The values the handler takes from the request, in the handler method's order, as the route's controller style
     * binds them; empty for programmatic routes unless they name them with {@link Route.Builder#parameters}.
     */
    default List<RouteParameter> parameters() {
        return List.of();
    }

    /**
     * The success response the handler declares, for routes of annotated controllers (and programmatic routes that
     * name one with {@link Route.Builder#response}). Empty otherwise.
     */
    default Optional<RouteResponse> response() {
        return Optional.empty();
    }

    /**
     * Whether the route is an operation of the application's API, which an API description (brisk-openapi) lists;
     * false for static files and routes built with {@link Route.Builder#documented documented(false)}.
     */
    default boolean documented() {
        return true;
    }
}
