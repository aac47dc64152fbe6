package dev.brisk.rest.internal.assembly;

import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.Handler;
import dev.brisk.rest.Route;
import dev.brisk.rest.RouteGroup;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A {@link RouteGroup} being configured; {@link #routes()} then mounts its routes under the prefix, each handler
 * wrapped once in the group's filters (a route of a group without filters keeps its handler).
 */
public final class GroupRoutes implements RouteGroup {

    private final String prefix;
    private final List<Route> routes = new ArrayList<>();
    private final List<Filter> filters = new ArrayList<>();

    private GroupRoutes(String prefix) {
        Objects.requireNonNull(prefix, "prefix");
        if (!prefix.startsWith("/") || prefix.endsWith("/")) {
            throw new IllegalArgumentException("a group prefix starts with '/' and does not end with it: " + prefix);
        }
        this.prefix = prefix;
    }

    /** The routes of the group {@code configure} describes under {@code prefix}, ready to register. */
    public static List<Route> routes(String prefix, Consumer<RouteGroup> configure) {
        GroupRoutes group = new GroupRoutes(prefix);
        configure.accept(group);
        return group.routes();
    }

    @Override
    public RouteGroup route(Route route) {
        routes.add(Objects.requireNonNull(route, "route"));
        return this;
    }

    @Override
    public RouteGroup route(HttpMethod method, String path, Handler handler) {
        return route(Route.of(method, path).handler(handler));
    }

    @Override
    public RouteGroup get(String path, Handler handler) {
        return route(HttpMethod.GET, path, handler);
    }

    @Override
    public RouteGroup post(String path, Handler handler) {
        return route(HttpMethod.POST, path, handler);
    }

    @Override
    public RouteGroup put(String path, Handler handler) {
        return route(HttpMethod.PUT, path, handler);
    }

    @Override
    public RouteGroup delete(String path, Handler handler) {
        return route(HttpMethod.DELETE, path, handler);
    }

    @Override
    public RouteGroup patch(String path, Handler handler) {
        return route(HttpMethod.PATCH, path, handler);
    }

    @Override
    public RouteGroup filter(Filter filter) {
        filters.add(Objects.requireNonNull(filter, "filter"));
        return this;
    }

    @Override
    public RouteGroup group(String prefix, Consumer<RouteGroup> configure) {
        routes.addAll(routes(prefix, configure));
        return this;
    }

    private List<Route> routes() {
        List<Route> mounted = new ArrayList<>(routes.size());
        for (Route route : routes) {
            String path = route.path();
            if (!path.isEmpty() && !path.startsWith("/")) {
                throw new IllegalArgumentException("a path in a group starts with '/' or is empty: " + path);
            }
            mounted.add(route.mounted(prefix + path, filtered(route.handler())));
        }
        return mounted;
    }

    /** {@code handler} behind the group's filters, built once: no list walk per request. */
    private Handler filtered(Handler handler) {
        Handler result = handler;
        for (int i = filters.size() - 1; i >= 0; i--) {
            Filter filter = filters.get(i);
            Handler next = result;
            FilterChain chain = next::handle;
            result = ctx -> filter.filter(ctx, chain);
        }
        return result;
    }
}
