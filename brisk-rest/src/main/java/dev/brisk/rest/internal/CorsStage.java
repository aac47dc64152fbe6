package dev.brisk.rest.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.internal.cors.CorsProcessor;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.internal.router.Router;
import io.netty.handler.codec.http.HttpMethod;

/** Where CORS meets routing: preflights answered for the route they announce, actual requests checked. */
final class CorsStage {

    private final CorsMappings mappings;
    private final ProblemResponses problems;

    CorsStage(CorsMappings mappings, ProblemResponses problems) {
        this.mappings = mappings;
        this.problems = problems;
    }

    /**
     * Answers a CORS preflight for the route the method it announces would reach: 200 with the allow headers, or
     * 403 when the rules refuse it. Returns false, answering nothing, when no CORS rules apply (routing goes on as
     * for any OPTIONS request) or the path matches no route (404).
     */
    boolean preflight(DefaultRequestContext ctx, Router<CompiledRoute> table, String path) {
        ServerRequest request = ctx.request();
        String announced = request.headers().get("access-control-request-method", "").trim();
        HttpMethod wanted;
        try {
            wanted = HttpMethod.valueOf(announced);
        } catch (IllegalArgumentException e) {
            problems.send(ctx, 403, "CORS preflight rejected: invalid Access-Control-Request-Method \""
                    + announced + "\"", false);
            return true;
        }
        RouteMatch<CompiledRoute> match = new RouteMatch<>();
        boolean found = find(table, wanted, path, match);
        CorsProcessor processor = null;
        if (found) {
            processor = processor(match, path);
        } else if (match.pathMatched()) {
            if (mappings.forPath(path) != null) {
                ctx.response().headers().add("vary", "Origin, Access-Control-Request-Method, "
                        + "Access-Control-Request-Headers");
                problems.send(ctx, 403, "CORS preflight rejected: no route for " + wanted + " " + path, false);
                return true;
            }
        }
        if (processor == null) {
            return false;
        }
        CorsProcessor.Rejection rejection = processor.preflight(request, ctx.response());
        if (rejection != null) {
            problems.send(ctx, 403, rejection.reason(), false);
        } else {
            ctx.markResponded();
            ctx.response().status(200).send();
        }
        return true;
    }

    /** Finds the routes {@code method} reaches on {@code path} ({@code HEAD} by {@code GET} routes too). */
    static boolean find(Router<CompiledRoute> table, HttpMethod method, String path, RouteMatch<CompiledRoute> match) {
        return table.find(method, path, match) || method == HttpMethod.HEAD && table.find(HttpMethod.GET, path, match);
    }

    /** The CORS rules of the first candidate in {@code match} that has some, for {@code path}; null when none. */
    static CorsProcessor processor(RouteMatch<CompiledRoute> match, String path) {
        for (CompiledRoute candidate : match.candidates()) {
            if (candidate.cors != null) {
                return candidate.cors.processor(path);
            }
        }
        return null;
    }

    /** Checks an actual request against the route's CORS rules; false when it was refused (answered 403). */
    boolean check(DefaultRequestContext ctx, CompiledRoute route, String path) {
        CorsProcessor processor = route.cors.processor(path);
        if (processor == null) {
            return true;
        }
        CorsProcessor.Rejection rejection = processor.actual(ctx.request(), ctx.response());
        if (rejection == null) {
            return true;
        }
        problems.send(ctx, 403, rejection.reason(), false);
        return false;
    }
}
