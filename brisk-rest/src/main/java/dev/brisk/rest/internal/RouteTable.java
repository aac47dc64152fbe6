package dev.brisk.rest.internal;

import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.Route;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.router.Router;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The routes of a server and the {@link Router} built from them. Routes are compiled when added (scheduler,
 * interceptors, CORS rules, guard); every change rebuilds the router and swaps it in atomically: lookups never lock.
 * Beside the router it keeps what holds for all routes, which requests read before routing.
 */
final class RouteTable {

    private final BriskOptions options;
    private final SchedulerPools schedulers;
    private final List<Object> interceptors;
    private final CorsMappings corsMappings;
    private final List<CompiledRoute> routes = new ArrayList<>();
    private volatile Router<CompiledRoute> router = Router.of(List.of());
    private volatile String allMethods = "OPTIONS";
    private volatile boolean anyStreaming;
    /** Whether any route takes its path with a trailing slash too: only then are unmatched paths tried without it. */
    private volatile boolean anyTrailingSlashOptional;
    /** Whether any route has CORS rules: only then are requests checked for them. */
    private volatile boolean anyCors;
    /** The one non-inline scheduler every route uses, if so: then routing runs there too. */
    private volatile RouteScheduler common;
    /** Gives each route its guard. */
    private final Protection protection;

    /** @param interceptors the server's interceptors and their registrations, bound to each route as it is added */
    RouteTable(BriskOptions options, SchedulerPools schedulers, List<Object> interceptors, CorsMappings corsMappings,
               Protection protection) {
        this.options = options;
        this.schedulers = schedulers;
        this.interceptors = interceptors;
        this.corsMappings = corsMappings;
        this.protection = protection;
    }

    /** The router of the current routes. */
    Router<CompiledRoute> router() {
        return router;
    }

    /**
     * The methods some route has, as an {@code Allow} value (HEAD with GET, OPTIONS always): the answer to
     * {@code OPTIONS *}.
     */
    String allMethods() {
        return allMethods;
    }

    /** Whether any route streams its request body. */
    boolean anyStreaming() {
        return anyStreaming;
    }

    /** Whether any route takes its path with a trailing slash too. */
    boolean anyTrailingSlashOptional() {
        return anyTrailingSlashOptional;
    }

    /** Whether any route has CORS rules. */
    boolean anyCors() {
        return anyCors;
    }

    /** The one non-inline scheduler every route uses, or null. */
    RouteScheduler common() {
        return common;
    }

    /**
     * Adds routes; fails, changing nothing, when one is malformed or ambiguous with another. A route that names no
     * scheduler gets the default scheduler when programmatic, the controller scheduler when from a controller.
     */
    synchronized void add(List<Route> programmatic, List<Route> fromControllers) {
        List<CompiledRoute> next = new ArrayList<>(routes);
        compile(programmatic, options.defaultScheduler(), next);
        compile(fromControllers, options.controllerScheduler(), next);
        install(next);
    }

    /** Compiles {@code added} into {@code into}; a route that names no scheduler gets {@code fallbackScheduler}. */
    private void compile(List<Route> added, String fallbackScheduler, List<CompiledRoute> into) {
        for (Route route : added) {
            PathPattern pattern = PathPattern.parse(route.path());
            String scheduler = route.scheduler().isEmpty() ? fallbackScheduler : route.scheduler();
            CompiledRoute compiled = new CompiledRoute(route, pattern, schedulers.get(scheduler));
            compiled.interceptors = BoundInterceptor.forRoute(compiled, interceptors);
            compiled.cors = RouteCors.forRoute(compiled, corsMappings);
            compiled.guard = protection.forRoute(compiled);
            into.add(compiled);
        }
    }

    /** Removes the routes for {@code method} and {@code path}; returns whether there were any. */
    synchronized boolean remove(HttpMethod method, String path) {
        List<CompiledRoute> next = new ArrayList<>(routes);
        boolean removed = next.removeIf(r -> r.method().equals(method) && r.path().equals(path));
        if (removed) {
            install(next);
        }
        return removed;
    }

    /** The routes, in registration order. */
    synchronized List<RouteInfo> routes() {
        return List.copyOf(routes);
    }

    private static String allowValue(List<CompiledRoute> next) {
        Set<String> methods = new TreeSet<>();
        for (CompiledRoute route : next) {
            methods.add(route.method().name());
            if (route.method() == HttpMethod.GET) {
                methods.add("HEAD");
            }
        }
        methods.add("OPTIONS");
        return String.join(", ", methods);
    }

    private void install(List<CompiledRoute> next) {
        Map<String, CompiledRoute> seen = new HashMap<>();
        List<Router.Entry<CompiledRoute>> entries = new ArrayList<>(next.size());
        for (CompiledRoute route : next) {
            String key = route.method() + " " + route.pattern.shape() + " " + route.conditionKey();
            CompiledRoute clash = seen.putIfAbsent(key, route);
            if (clash != null) {
                throw new IllegalStateException("ambiguous routes: " + clash + " and " + route
                        + " match the same requests");
            }
        }
        // routes with conditions are tried before the unconditional one for the same path and method
        List<CompiledRoute> ordered = new ArrayList<>(next);
        ordered.sort((a, b) -> Boolean.compare(b.hasConditions(), a.hasConditions()));
        for (CompiledRoute route : ordered) {
            entries.add(new Router.Entry<>(route.method(), route.pattern, route));
        }
        Set<RouteScheduler> used = next.stream().map(r -> r.scheduler).collect(Collectors.toSet());
        RouteScheduler only = used.size() == 1 ? used.iterator().next() : null;
        this.router = Router.of(entries);
        this.anyStreaming = next.stream().anyMatch(r -> r.route.streaming());
        this.anyTrailingSlashOptional = next.stream().anyMatch(r -> r.route.trailingSlashOptional());
        this.anyCors = !corsMappings.isEmpty() || next.stream().anyMatch(r -> r.cors != null);
        this.common = only != null && !only.inline() ? only : null;
        this.allMethods = allowValue(next);
        routes.clear();
        routes.addAll(next);
    }
}
