package dev.brisk.rest.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.http.ServerRequest;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.NoRouteException;
import dev.brisk.rest.web.CorsConfig;
import dev.brisk.rest.internal.cors.CorsProcessor;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.internal.router.Router;
import io.netty.handler.codec.http.HttpMethod;

import java.util.List;
import java.util.Set;

/**
 * Finds the route that takes a request: its path within the context path (matrix parameters set aside), CORS
 * preflights and checks, HEAD served by GET routes, then among the routes for the method and path the one whose
 * conditions (parameters, headers, Content-Type, Accept) the request meets, the client's preference deciding between
 * several; a static mount takes a path only when it has a file for it. What no route takes goes to
 * {@link RoutingFailures}.
 */
final class RouteSelection {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    /** A method no route has: looking it up finds every route of a path. */
    private static final HttpMethod NO_METHOD = new HttpMethod("BRISK-NO-METHOD");

    private final BriskOptions options;
    private final RouteTable table;
    private final CorsStage cors;
    private final RoutingFailures failures;

    RouteSelection(BriskOptions options, RouteTable table, CorsStage cors, RoutingFailures failures) {
        this.options = options;
        this.table = table;
        this.cors = cors;
        this.failures = failures;
    }

    /**
     * The route of {@code ctx}'s request, noted in {@code ctx}; null when the request was answered instead (a CORS
     * preflight or refusal, automatic OPTIONS, a routing failure handler). Throws when no route takes it.
     */
    CompiledRoute select(DefaultRequestContext ctx) throws Exception {
        ServerRequest request = ctx.request();
        if (ctx.routingMethod() == HttpMethod.OPTIONS && "*".equals(request.path())) {
            failures.serverOptions(ctx, table.allMethods());
            return null;
        }
        String path = ctx.reroutePath() != null ? ctx.reroutePath() : pathWithinContext(request);
        if (path == null) {
            throw new NoRouteException(NoRouteException.Reason.PATH, "no route for " + request.path(), Set.of(),
                    List.of());
        }
        if (path.indexOf(';') >= 0) {
            MatrixParams matrix = MatrixParams.strip(path);
            ctx.matrix(matrix);
            path = matrix.path();
        }
        HttpMethod method = ctx.routingMethod();
        Router<CompiledRoute> router = table.router();
        if (method == HttpMethod.OPTIONS && table.anyCors() && CorsProcessor.isPreflight(request)
                && cors.preflight(ctx, router, preflightPath(router, path))) {
            return null;
        }
        RouteMatch<CompiledRoute> match = ctx.match();
        boolean found = find(router, method, path, match);
        if (!found && !match.pathMatched() && table.anyTrailingSlashOptional()) {
            String trimmed = withoutTrailingSlash(path);
            if (trimmed != null) {
                if (takesTrailingSlash(router, method, trimmed, match)) {
                    path = trimmed;
                    found = match.candidates() != null;
                } else {
                    find(router, method, path, match);
                }
            }
        }
        if (!found) {
            failures.noRoute(ctx, method, path, match);
            return null;
        }
        CompiledRoute route = choose(ctx, match.candidates());
        if (route == null) {
            return null;
        }
        ctx.routed(route, path);
        if (route.staticFiles != null && !route.staticFiles.takes(ctx, path)) {
            RouteMatch<CompiledRoute> others = new RouteMatch<>();
            if (!router.find(NO_METHOD, path, others) && handlesOtherMethods(others)) {
                // a handler has the path for other methods: 405, as Spring MVC's handler mappings answer before
                // its resource mount
                failures.noRoute(ctx, method, path, others);
                return null;
            }
            // noted as the mount's, as Spring names a resource mount's misses (uri="/**")
            failures.noFile(ctx, path);
            return null;
        }
        if (route.cors != null && !cors.check(ctx, route, path)) {
            return null;
        }
        return route;
    }

    /** Looks {@code path} up for {@code method}, and for a HEAD without routes of its own, for GET. */
    private static boolean find(Router<CompiledRoute> router, HttpMethod method, String path,
                                RouteMatch<CompiledRoute> match) {
        boolean found = router.find(method, path, match);
        if (!found && method == HttpMethod.HEAD) {
            found = router.find(HttpMethod.GET, path, match);
        }
        return found;
    }

    /** {@code path} without its one trailing {@code /}; null when it has none or is {@code /}. */
    private static String withoutTrailingSlash(String path) {
        int last = path.length() - 1;
        return last > 0 && path.charAt(last) == '/' && path.charAt(last - 1) != '/' ? path.substring(0, last) : null;
    }

    /**
     * The path a CORS preflight asks about: {@code path}, or without its trailing slash when no route matches it
     * as it is and only routes that take the slash match it without.
     */
    private String preflightPath(Router<CompiledRoute> router, String path) {
        String trimmed = table.anyTrailingSlashOptional() ? withoutTrailingSlash(path) : null;
        if (trimmed == null) {
            return path;
        }
        RouteMatch<CompiledRoute> probe = new RouteMatch<>();
        router.find(NO_METHOD, path, probe);
        if (probe.pathMatched()) {
            return path;
        }
        router.find(NO_METHOD, trimmed, probe);
        if (!probe.pathMatched()) {
            return path;
        }
        for (CompiledRoute route : probe.pathRoutes()) {
            if (!route.route.trailingSlashOptional()) {
                return path;
            }
        }
        return trimmed;
    }

    /**
     * Whether {@code trimmed}, a path whose trailing slash no route matched, matches routes that take it with the
     * slash ({@link dev.brisk.rest.Route#trailingSlashOptional()}): those for {@code method}, or when none, all the
     * path's routes (then answered as a 405 or automatic OPTIONS of {@code trimmed}). Leaves the lookup in
     * {@code match}.
     */
    private static boolean takesTrailingSlash(Router<CompiledRoute> router, HttpMethod method, String trimmed,
                                              RouteMatch<CompiledRoute> match) {
        List<CompiledRoute> routes;
        if (find(router, method, trimmed, match)) {
            routes = match.candidates();
        } else if (match.pathMatched()) {
            routes = match.pathRoutes();
        } else {
            return false;
        }
        for (CompiledRoute route : routes) {
            if (!route.route.trailingSlashOptional()) {
                return false;
            }
        }
        return true;
    }

    /** Whether routes other than static mounts have the path matched in {@code match} (for other methods). */
    private static boolean handlesOtherMethods(RouteMatch<CompiledRoute> match) {
        if (!match.pathMatched()) {
            return false;
        }
        for (CompiledRoute route : match.pathRoutes()) {
            if (route.staticFiles == null) {
                return true;
            }
        }
        return false;
    }

    /** The candidate that takes the request, or null when a routing failure handler answered it instead. */
    private CompiledRoute choose(DefaultRequestContext ctx, List<CompiledRoute> candidates) throws Exception {
        CompiledRoute only = candidates.get(0);
        if (candidates.size() == 1 && !only.hasConditions()) {
            return only;
        }
        CompiledRoute.Mismatch worst = CompiledRoute.Mismatch.NONE;
        CompiledRoute best = null;
        for (CompiledRoute candidate : candidates) {
            CompiledRoute.Mismatch mismatch = candidate.test(ctx.request(), candidate.produces().isEmpty() ? null
                    : ctx.accepted());
            if (mismatch == CompiledRoute.Mismatch.NONE) {
                if (candidate.produces().isEmpty() && best == null) {
                    return candidate;
                }
                // several routes may produce what is acceptable: the client's preference decides
                best = best == null ? candidate : preferred(ctx.accepted(), best, candidate);
                continue;
            }
            if (mismatch.ordinal() > worst.ordinal()) {
                worst = mismatch;
            }
        }
        if (best != null) {
            return best;
        }
        failures.unmet(ctx, candidates, worst);
        return null;
    }

    /**
     * Of two routes that both can answer, the one producing the type the Accept header ranks higher (the earlier
     * entry), then the more specific type; the first on a tie. A route without {@code produces} produces anything.
     */
    private static CompiledRoute preferred(List<MediaType> accepted, CompiledRoute first, CompiledRoute second) {
        long a = rank(accepted, first.produces());
        long b = rank(accepted, second.produces());
        return b < a ? second : first;
    }

    /** Index of the first accepted entry the route can produce, then (less specific is worse) specificity. */
    private static long rank(List<MediaType> accepted, List<MediaType> produces) {
        for (int i = 0; i < accepted.size(); i++) {
            MediaType wanted = accepted.get(i);
            if (wanted.quality() == 0) {
                continue;
            }
            if (produces.isEmpty()) {
                return ((long) i << 8) + 0xff;
            }
            int specificity = -1;
            for (MediaType type : produces) {
                if (wanted.includes(type) || type.includes(wanted)) {
                    specificity = Math.max(specificity, type.specificity());
                }
            }
            if (specificity >= 0) {
                return ((long) i << 8) + (0xff - Math.min(specificity, 0xff));
            }
        }
        return Long.MAX_VALUE;
    }

    /** Whether a route that streams its request body takes {@code request} (a candidate for its method and path). */
    boolean streams(ServerRequest request) {
        String path = routingPath(request);
        RouteMatch<CompiledRoute> match = new RouteMatch<>();
        if (path != null && table.router().find(request.method(), path, match)) {
            for (CompiledRoute route : match.candidates()) {
                if (route.route.streaming()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Notes, for the metrics and the access log, the route a request refused before routing (all routes on one
     * scheduler, whose queue was full) would have taken: the first candidate for its method and path, if any.
     */
    void routeForRecord(DefaultRequestContext ctx) {
        try {
            String path = routingPath(ctx.request());
            RouteMatch<CompiledRoute> match = ctx.match();
            if (path != null && table.router().find(ctx.request().method(), path, match)
                    && !match.candidates().isEmpty()) {
                ctx.routed(match.candidates().get(0), path);
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "no route noted for " + ctx.request().uri() + ": " + e);
        }
    }

    /**
     * The CORS rules that apply to {@code request} (for a preflight, to the request it announces), or null when none
     * do or no route takes it.
     */
    CorsConfig corsRules(ServerRequest request) {
        String path = routingPath(request);
        if (path == null) {
            return null;
        }
        HttpMethod method = request.method();
        if (CorsConfig.isPreflight(request)) {
            try {
                method = HttpMethod.valueOf(request.headers().get("access-control-request-method", "").trim());
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        RouteMatch<CompiledRoute> match = new RouteMatch<>();
        if (!CorsStage.find(table.router(), method, path, match)) {
            return null;
        }
        CorsProcessor processor = CorsStage.processor(match, path);
        return processor == null ? null : processor.config();
    }

    /**
     * The path routing will match, before any filter reroutes: within the context path (null outside it), matrix
     * parameters removed. What is checked by path before routing (IP rules) must see this path, or
     * {@code /admin;x=1/info} would slip past a rule for {@code /admin/**} and still be routed to {@code /admin/info}.
     */
    String routingPath(ServerRequest request) {
        String path = pathWithinContext(request);
        return path != null && path.indexOf(';') >= 0 ? MatrixParams.strip(path).path() : path;
    }

    /**
     * Whether {@code request}'s path lies outside the context path (there is one, and the path is neither it nor below
     * it, nor the {@code *} of {@code OPTIONS *}): no route can take it. Allocates nothing.
     */
    boolean outsideContext(ServerRequest request) {
        String prefix = options.contextPath();
        if (prefix.isEmpty()) {
            return false;
        }
        String path = request.rawPath();
        if (path.equals("*")) {
            return false; // OPTIONS * asks about the server, whatever its context path
        }
        return !path.startsWith(prefix) || path.length() > prefix.length() && path.charAt(prefix.length()) != '/';
    }

    private String pathWithinContext(ServerRequest request) {
        String path = request.rawPath();
        String prefix = options.contextPath();
        if (prefix.isEmpty()) {
            return path;
        }
        if (!path.startsWith(prefix)) {
            return null;
        }
        if (path.length() == prefix.length()) {
            return "/";
        }
        return path.charAt(prefix.length()) == '/' ? path.substring(prefix.length()) : null;
    }
}
