package dev.brisk.rest.spi;

import dev.brisk.rest.Route;

import java.util.List;
import java.util.Objects;

/**
 * Why routing could not hand a request to a route, as a {@link RoutingFailureHandler} sees it.
 *
 * @param status  404 (no route for the path, or only a static mount that has no file for it), 405 (none for the method), 406 (none produces what the request
 *                accepts) or 415 (none consumes its Content-Type)
 * @param path    the path routing looked up: percent-encoded, within the context path, without matrix parameters
 *                (requests outside the context path are not offered to handlers)
 * @param detail  Brisk's explanation, as its default answer would give it
 * @param allowed for a 405, the methods the path allows (what the {@code Allow} header lists); otherwise empty
 * @param routes  the routes the path matched: for a 405 those of every method, for a 406 or a 415 those of the
 *                request's method; empty for a 404. They tell which controller style owns the path.
 */
public record RoutingFailure(int status, String path, String detail, List<String> allowed, List<Route> routes) {

    public RoutingFailure {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(detail, "detail");
        allowed = List.copyOf(allowed);
        routes = List.copyOf(routes);
    }
}
