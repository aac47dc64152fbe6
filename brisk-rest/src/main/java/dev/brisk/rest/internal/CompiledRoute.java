package dev.brisk.rest.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.http.ServerRequest;
import dev.brisk.rest.Handler;
import dev.brisk.rest.Route;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.staticfiles.StaticHandler;
import io.netty.handler.codec.http.HttpMethod;

import dev.brisk.codec.ContentNegotiation;
import dev.brisk.rest.RouteParameter;
import dev.brisk.rest.RouteResponse;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

/** A route with everything decided at startup: parsed template, scheduler, conditions. */
final class CompiledRoute implements RouteInfo {

    /** Why a candidate route does not take a request; NONE when it does. */
    enum Mismatch { NONE, PARAMS, CONSUMES, PRODUCES }

    final Route route;
    final PathPattern pattern;
    final List<String> captureNames;
    final Handler handler;
    final RouteScheduler scheduler;
    /** The mount whose files this route serves, or null: routing asks it whether a file answers the path. */
    final StaticHandler staticFiles;
    /** Set once, right after construction, when the server's interceptors are bound to this route. */
    BoundInterceptor[] interceptors = new BoundInterceptor[0];
    /** Set once, right after construction: the CORS rules of this route, or null when none apply. */
    RouteCors cors;
    /** Set before serving: the route's concurrency limit and timeout, or null when it has neither. */
    RouteGuard guard;
    private final Condition[] params;
    private final Condition[] headers;

    CompiledRoute(Route route, PathPattern pattern, RouteScheduler scheduler) {
        this.route = route;
        this.pattern = pattern;
        this.captureNames = pattern.captureNames();
        this.handler = route.handler();
        this.staticFiles = handler instanceof StaticHandler files ? files : null;
        this.scheduler = scheduler;
        this.params = route.params().stream().map(Condition::parse).toArray(Condition[]::new);
        this.headers = route.headers().stream().map(Condition::parse).toArray(Condition[]::new);
    }

    /** Checks parameters, headers, Content-Type and Accept, in that order. */
    Mismatch test(ServerRequest request, List<MediaType> accepted) {
        for (Condition condition : params) {
            if (!condition.test(request::query)) {
                return Mismatch.PARAMS;
            }
        }
        for (Condition condition : headers) {
            if (!condition.test(name -> request.headers().first(name))) {
                return Mismatch.PARAMS;
            }
        }
        List<MediaType> consumes = route.consumes();
        if (!consumes.isEmpty()) {
            String contentType = request.headers().get("content-type", null);
            if (contentType == null && route.acceptsMissingContentType()) {
                return produces(accepted);
            }
            MediaType actual;
            try {
                actual = contentType == null ? MediaType.APPLICATION_OCTET_STREAM : MediaType.parse(contentType);
            } catch (IllegalArgumentException e) {
                return Mismatch.CONSUMES;
            }
            if (consumes.stream().noneMatch(c -> c.includes(actual))) {
                return Mismatch.CONSUMES;
            }
        }
        return produces(accepted);
    }

    /** Checks Accept. */
    private Mismatch produces(List<MediaType> accepted) {
        List<MediaType> produces = route.produces();
        if (!produces.isEmpty() && accepted != null
                && ContentNegotiation.negotiate(accepted, produces).isEmpty()) {
            return Mismatch.PRODUCES;
        }
        return Mismatch.NONE;
    }

    boolean hasConditions() {
        return params.length > 0 || headers.length > 0 || !route.consumes().isEmpty() || !route.produces().isEmpty();
    }

    /** What tells this route apart from another with the same method and template shape. */
    String conditionKey() {
        return List.of(params).toString() + List.of(headers) + route.consumes() + route.produces();
    }

    @Override
    public HttpMethod method() {
        return route.method();
    }

    @Override
    public String path() {
        return route.path();
    }

    @Override
    public List<MediaType> produces() {
        return route.produces();
    }

    @Override
    public List<MediaType> consumes() {
        return route.consumes();
    }

    @Override
    public String scheduler() {
        return scheduler.name();
    }

    @Override
    public Optional<Method> handlerMethod() {
        return route.handlerMethod();
    }

    @Override
    public List<RouteParameter> parameters() {
        return route.parameters();
    }

    @Override
    public Optional<RouteResponse> response() {
        return route.response();
    }

    @Override
    public boolean documented() {
        return route.documented();
    }

    @Override
    public String toString() {
        return route.toString();
    }
}
