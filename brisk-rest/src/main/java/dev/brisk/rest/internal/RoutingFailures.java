package dev.brisk.rest.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.rest.NoRouteException;
import dev.brisk.rest.Route;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.spi.RoutingFailure;
import dev.brisk.rest.spi.RoutingFailureHandler;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The answers to requests no route takes: 404 (also for a path only static mounts match, when none has a file for
 * it, whatever the method), 405 with {@code Allow}, automatic OPTIONS, and 400, 406 or 415 when no candidate's
 * conditions are met. Each is first offered to the controller styles' {@link RoutingFailureHandler}s;
 * when none answers, it is thrown as a {@link NoRouteException} for the pipeline to answer as a problem.
 */
final class RoutingFailures {

    /** The controller styles' answers to requests no route takes. */
    private final List<RoutingFailureHandler> handlers;

    /** @param handlers offered 404, 405, 406 and 415 answers before Brisk gives its own, in order */
    RoutingFailures(List<RoutingFailureHandler> handlers) {
        this.handlers = List.copyOf(handlers);
    }

    /**
     * Answers a request for which {@code match} found no route for {@code method} on {@code path}: 404 when no route
     * has the path or only static mounts without a file for it, else 200 with {@code Allow} for OPTIONS and 405 for
     * other methods. Throws unless answered.
     */
    void noRoute(DefaultRequestContext ctx, HttpMethod method, String path, RouteMatch<CompiledRoute> match)
            throws Exception {
        if (!match.pathMatched()) {
            notFound(ctx, path, "no route for " + ctx.request().path());
            return;
        }
        if (noFile(match.pathRoutes(), path)) {
            // a static mount looks the file up before the method matters, as Spring MVC's and nginx's do
            noFile(ctx, path);
            return;
        }
        Set<String> allowed = new LinkedHashSet<>();
        for (HttpMethod m : match.allowedMethods()) {
            allowed.add(m.name());
            if (m == HttpMethod.GET) {
                allowed.add("HEAD");
            }
        }
        allowed.add("OPTIONS");
        String allow = String.join(", ", allowed);
        if (method == HttpMethod.OPTIONS) {
            ctx.response().header("allow", allow);
            ctx.markResponded();
            ctx.response().status(200).send(); // with Content-Length 0, as Spring MVC and Jersey answer
            return;
        }
        String detail = method + " is not allowed on " + path + "; allowed: " + allow;
        if (unrouted(ctx, new RoutingFailure(405, path, detail, List.copyOf(allowed),
                routesOf(match.pathRoutes())))) {
            return;
        }
        ctx.response().header("allow", allow);
        throw new NoRouteException(NoRouteException.Reason.METHOD, detail, allowed, List.of());
    }

    /**
     * Answers {@code OPTIONS *}, a question about the server rather than a resource (RFC 9110, 9.3.7): 200 with the
     * methods some route has in {@code Allow}.
     */
    void serverOptions(DefaultRequestContext ctx, String allow) {
        ctx.response().header("allow", allow);
        ctx.markResponded();
        ctx.response().status(200).send();
    }

    /**
     * Answers a request for {@code path} that a static mount took and has no file for: 404, as when no route has the
     * path. Throws unless answered.
     */
    void noFile(DefaultRequestContext ctx, String path) throws Exception {
        notFound(ctx, path, "no such file");
    }

    private void notFound(DefaultRequestContext ctx, String path, String detail) throws Exception {
        if (unrouted(ctx, new RoutingFailure(404, path, detail, List.of(), List.of()))) {
            return;
        }
        throw new NoRouteException(NoRouteException.Reason.PATH, detail, Set.of(), List.of());
    }

    /** Whether the routes of a path are all static mounts, none with a file for it. */
    private static boolean noFile(List<CompiledRoute> routes, String path) {
        for (CompiledRoute route : routes) {
            if (route.staticFiles == null || route.staticFiles.answers(path)) {
                return false;
            }
        }
        return !routes.isEmpty();
    }

    /**
     * Answers a request whose method and path have routes, none of whose conditions it meets; {@code worst} is the
     * furthest any candidate got. Throws unless a handler answered (one is not offered unmet parameter conditions).
     */
    void unmet(DefaultRequestContext ctx, List<CompiledRoute> candidates, CompiledRoute.Mismatch worst)
            throws Exception {
        List<MediaType> consumed = candidates.stream().flatMap(c -> c.consumes().stream()).distinct().toList();
        List<MediaType> produced = candidates.stream().flatMap(c -> c.produces().stream()).distinct().toList();
        NoRouteException failure = switch (worst) {
            case CONSUMES -> new NoRouteException(NoRouteException.Reason.CONTENT_TYPE, "Content-Type "
                    + ctx.request().headers().get("content-type", "(none)") + " is not accepted here; accepted: "
                    + consumed.stream().map(MediaType::toString).toList(), Set.of(), consumed);
            case PRODUCES -> new NoRouteException(NoRouteException.Reason.ACCEPT, "none of " + ctx.accepted()
                    + " can be produced; available: " + produced.stream().map(MediaType::toString).toList(),
                    Set.of(), produced);
            default -> new NoRouteException(NoRouteException.Reason.CONDITIONS, "the request does not meet the "
                    + "conditions of " + candidates.get(0).path(), Set.of(), List.of());
        };
        if (worst != CompiledRoute.Mismatch.PARAMS && unrouted(ctx, new RoutingFailure(failure.status(),
                ctx.match().path(), failure.getMessage(), List.of(), routesOf(candidates)))) {
            return;
        }
        throw failure;
    }

    /** Offers a routing failure to the controller styles' handlers; true when one answered. */
    private boolean unrouted(DefaultRequestContext ctx, RoutingFailure failure) throws Exception {
        for (RoutingFailureHandler handler : handlers) {
            if (handler.handle(ctx, failure)) {
                ctx.markResponded();
                return true;
            }
        }
        return false;
    }

    private static List<Route> routesOf(List<CompiledRoute> routes) {
        List<Route> result = new ArrayList<>(routes.size());
        for (CompiledRoute route : routes) {
            result.add(route.route);
        }
        return result;
    }
}
