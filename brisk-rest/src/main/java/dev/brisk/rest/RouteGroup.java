package dev.brisk.rest;

import io.netty.handler.codec.http.HttpMethod;

import java.util.function.Consumer;

/**
 * Routes under a common path prefix, with filters of their own:
 *
 * <pre>{@code
 * Brisk.server().group("/api/v1", g -> g.filter(auth).get("/users", users::list).post("/users", users::add))
 * }</pre>
 *
 * <p>Paths are the prefix followed by the route's template ({@code ""} stands for the prefix itself). The group's
 * filters run for the group's routes only, whatever the order of the calls: after the server's filters and route
 * filters, around the handler, on the route's scheduler, outer groups' filters first. Which route has which filters is
 * decided when the group is built: other routes pay nothing. A filter that calls {@code chain.proceed} later, from
 * another thread, calls {@code ctx.async()} first, as a handler would.
 */
public interface RouteGroup {

    /** Adds {@code route} under the prefix. */
    RouteGroup route(Route route);

    /** Adds a route of {@code method} and {@code path} under the prefix. */
    RouteGroup route(HttpMethod method, String path, Handler handler);

    /** Adds a GET route under the prefix. */
    RouteGroup get(String path, Handler handler);

    /** Adds a POST route under the prefix. */
    RouteGroup post(String path, Handler handler);

    /** Adds a PUT route under the prefix. */
    RouteGroup put(String path, Handler handler);

    /** Adds a DELETE route under the prefix. */
    RouteGroup delete(String path, Handler handler);

    /** Adds a PATCH route under the prefix. */
    RouteGroup patch(String path, Handler handler);

    /** Adds a filter around the handlers of this group's routes (those of nested groups included). */
    RouteGroup filter(Filter filter);

    /** A group nested in this one: its prefix follows this group's. */
    RouteGroup group(String prefix, Consumer<RouteGroup> routes);
}
