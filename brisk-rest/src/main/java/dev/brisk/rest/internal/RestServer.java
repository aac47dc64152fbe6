package dev.brisk.rest.internal;

import dev.brisk.codec.CodecException;
import dev.brisk.codec.Codecs;
import dev.brisk.codec.MediaType;
import dev.brisk.http.BodyMode;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerRequest;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.Route;
import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.internal.router.Router;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * The REST pipeline as an {@link HttpHandler}: filters, routing (with 404, 405, automatic HEAD and OPTIONS, and
 * 400/415/406 from route conditions), route filters, the route's scheduler, the handler, its result, and errors as
 * RFC 9457 problems. The route table is rebuilt on change and swapped atomically: lookups never lock.
 */
public final class RestServer implements HttpHandler {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final BriskOptions options;
    private final Codecs codecs;
    private final ResultWriter results;
    private final ProblemResponses problems = new ProblemResponses();
    private final List<Filter> filters;
    private final List<Filter> routeFilters;
    private final List<Object> interceptors;
    private final ExceptionHandlers exceptionHandlers;
    private final Schedulers schedulers;
    private final List<CompiledRoute> routes = new ArrayList<>();
    private volatile Router<CompiledRoute> router = Router.of(List.of());
    private volatile boolean anyStreaming;
    /** The one non-inline scheduler every route uses, if so: then routing runs there too. */
    private volatile RouteScheduler common;

    /**
     * @param interceptors {@code HandlerInterceptor}s (route, mapping or plain) and {@code InterceptorRegistration}s,
     *                     in the order they run
     */
    public RestServer(BriskOptions options, Codecs codecs, List<Filter> filters, List<Filter> routeFilters,
                      List<Object> interceptors, Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers,
                      Map<String, Executor> customSchedulers, List<Route> routes) {
        this.options = options;
        this.codecs = codecs;
        this.results = new ResultWriter(codecs);
        this.filters = List.copyOf(filters);
        this.routeFilters = List.copyOf(routeFilters);
        this.interceptors = List.copyOf(interceptors);
        this.exceptionHandlers = new ExceptionHandlers(exceptionHandlers);
        this.schedulers = new Schedulers(options, customSchedulers);
        schedulers.get(options.defaultScheduler());
        addAll(routes);
    }

    BriskOptions options() {
        return options;
    }

    Codecs codecs() {
        return codecs;
    }

    ResultWriter results() {
        return results;
    }

    ProblemResponses problems() {
        return problems;
    }

    // ---- route table ----------------------------------------------------------------------------------------

    /** Adds routes; fails, changing nothing, when one is malformed or ambiguous with another. */
    public synchronized void addAll(List<Route> added) {
        List<CompiledRoute> next = new ArrayList<>(routes);
        for (Route route : added) {
            PathPattern pattern = PathPattern.parse(route.path());
            String scheduler = route.scheduler().isEmpty() ? options.defaultScheduler() : route.scheduler();
            CompiledRoute compiled = new CompiledRoute(route, pattern, schedulers.get(scheduler));
            compiled.interceptors = BoundInterceptor.forRoute(compiled, interceptors);
            next.add(compiled);
        }
        install(next);
    }

    /** Removes the routes for {@code method} and {@code path}; returns whether there were any. */
    public synchronized boolean remove(HttpMethod method, String path) {
        List<CompiledRoute> next = new ArrayList<>(routes);
        boolean removed = next.removeIf(r -> r.method().equals(method) && r.path().equals(path));
        if (removed) {
            install(next);
        }
        return removed;
    }

    /** The routes, in registration order. */
    public synchronized List<dev.brisk.rest.RouteInfo> routes() {
        return List.copyOf(routes);
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
        this.common = only != null && !only.inline() ? only : null;
        routes.clear();
        routes.addAll(next);
    }

    public void shutdown() {
        schedulers.shutdown();
    }

    /** The state of the schedulers in use. */
    public List<dev.brisk.rest.SchedulerState> schedulers() {
        return schedulers.states();
    }

    /** Changes the number of threads of the pool scheduler {@code name}. */
    public void resizeScheduler(String name, int threads) {
        schedulers.resize(name, threads);
    }

    /** The framework options the pipeline runs with. */
    public BriskOptions briskOptions() {
        return options;
    }

    // ---- request pipeline -----------------------------------------------------------------------------------

    @Override
    public BodyMode bodyMode(ServerRequest request) {
        if (!anyStreaming) {
            return BodyMode.AGGREGATE;
        }
        String path = pathWithinContext(request);
        RouteMatch<CompiledRoute> match = new RouteMatch<>();
        if (path != null && router.find(request.method(), path, match)) {
            for (CompiledRoute route : match.candidates()) {
                if (route.route.streaming()) {
                    return BodyMode.STREAM;
                }
            }
        }
        return BodyMode.AGGREGATE;
    }

    @Override
    public void handle(ServerRequest request) {
        DefaultRequestContext ctx = new DefaultRequestContext(this, request);
        RouteScheduler shared = common;
        if (shared != null) {
            shared.dispatch(ctx, () -> begin(ctx));
        } else {
            begin(ctx);
        }
    }

    private void begin(DefaultRequestContext ctx) {
        try {
            if (filters.isEmpty()) {
                route(ctx);
            } else {
                chain(filters, this::route).proceed(ctx);
            }
        } catch (Throwable t) {
            fail(ctx, t);
        }
    }

    /** A chain over {@code list} that ends in {@code last}. */
    private static FilterChain chain(List<Filter> list, FilterChain last) {
        int[] index = {0};
        FilterChain[] self = new FilterChain[1];
        self[0] = c -> {
            int i = index[0]++;
            if (i < list.size()) {
                list.get(i).filter(c, self[0]);
            } else {
                last.proceed(c);
            }
        };
        return self[0];
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

    private void route(dev.brisk.rest.RequestContext context) throws Exception {
        DefaultRequestContext ctx = (DefaultRequestContext) context;
        ServerRequest request = ctx.request();
        String path = ctx.reroutePath() != null ? ctx.reroutePath() : pathWithinContext(request);
        if (path == null) {
            problems.send(ctx, 404, "no route for " + request.path(), false);
            return;
        }
        if (path.indexOf(';') >= 0) {
            MatrixParams matrix = MatrixParams.strip(path);
            ctx.matrix(matrix);
            path = matrix.path();
        }
        HttpMethod method = ctx.routingMethod();
        RouteMatch<CompiledRoute> match = ctx.match();
        Router<CompiledRoute> table = router;
        boolean found = table.find(method, path, match);
        if (!found && method == HttpMethod.HEAD) {
            found = table.find(HttpMethod.GET, path, match);
        }
        if (!found) {
            noRoute(ctx, method, path, match);
            return;
        }
        CompiledRoute route = select(ctx, match.candidates());
        ctx.routed(route, path);
        if (routeFilters.isEmpty()) {
            invoke(ctx, route);
        } else {
            chain(routeFilters, c -> invoke(ctx, route)).proceed(ctx);
        }
    }

    private void noRoute(DefaultRequestContext ctx, HttpMethod method, String path, RouteMatch<CompiledRoute> match) {
        if (!match.pathMatched()) {
            problems.send(ctx, 404, "no route for " + ctx.request().path(), false);
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
        ctx.response().header("allow", allow);
        if (method == HttpMethod.OPTIONS) {
            ctx.markResponded();
            ctx.response().status(204).send();
        } else {
            problems.send(ctx, 405, method + " is not allowed on " + path + "; allowed: " + allow, false);
        }
    }

    private static CompiledRoute select(DefaultRequestContext ctx, List<CompiledRoute> candidates) {
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
        throw switch (worst) {
            case CONSUMES -> new HttpStatusException(415, "Content-Type "
                    + ctx.request().headers().get("content-type", "(none)") + " is not accepted here; accepted: "
                    + candidates.stream().flatMap(c -> c.consumes().stream()).map(MediaType::toString).toList());
            case PRODUCES -> new HttpStatusException(406, "none of " + ctx.accepted() + " can be produced; "
                    + "available: " + candidates.stream().flatMap(c -> c.produces().stream())
                    .map(MediaType::toString).toList());
            default -> new HttpStatusException(400, "the request does not meet the conditions of "
                    + candidates.get(0).path());
        };
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

    private void invoke(DefaultRequestContext ctx, CompiledRoute route) {
        RouteScheduler scheduler = route.scheduler;
        if (scheduler == common || scheduler.inline()) {
            call(ctx, route);
        } else {
            scheduler.dispatch(ctx, () -> call(ctx, route));
        }
    }

    private void call(DefaultRequestContext ctx, CompiledRoute route) {
        if (route.interceptors.length > 0) {
            callIntercepted(ctx, route);
            return;
        }
        try {
            route.handler.handle(ctx);
            if (!ctx.answered()) {
                ctx.response().send();
            }
        } catch (Throwable t) {
            fail(ctx, t);
        }
    }

    private void callIntercepted(DefaultRequestContext ctx, CompiledRoute route) {
        BoundInterceptor[] bound = route.interceptors;
        dev.brisk.rest.HandlerInterceptor[] active = new dev.brisk.rest.HandlerInterceptor[bound.length];
        int applied = 0;
        try {
            for (BoundInterceptor candidate : bound) {
                if (candidate.test() == null || candidate.test().test(ctx)) {
                    active[applied++] = candidate.interceptor();
                    if (!candidate.interceptor().preHandle(ctx)) {
                        if (!ctx.answered()) {
                            ctx.response().send();
                        }
                        afterCompletion(ctx, active, applied, null);
                        return;
                    }
                }
            }
            route.handler.handle(ctx);
            for (int i = applied - 1; i >= 0; i--) {
                active[i].postHandle(ctx);
            }
            if (!ctx.answered()) {
                ctx.response().send();
            }
            int count = applied;
            ctx.response().completion().whenComplete((v, error) -> afterCompletion(ctx, active, count, error));
        } catch (Throwable t) {
            fail(ctx, t);
            afterCompletion(ctx, active, applied, t);
        }
    }

    private static void afterCompletion(DefaultRequestContext ctx, dev.brisk.rest.HandlerInterceptor[] active,
                                        int count, Throwable error) {
        for (int i = count - 1; i >= 0; i--) {
            try {
                active[i].afterCompletion(ctx, error);
            } catch (Throwable t) {
                LOG.log(System.Logger.Level.WARNING, "afterCompletion of " + active[i] + " failed: " + t, t);
            }
        }
    }

    /** Answers a failure: the application's exception handler if one matches, else a problem response. */
    void fail(DefaultRequestContext ctx, Throwable error) {
        Throwable cause = ResultWriter.unwrap(error);
        ExceptionHandler<Throwable> handler = exceptionHandlers.find(cause);
        if (handler != null) {
            try {
                ctx.markResponded();
                handler.handle(ctx, cause);
                if (!ctx.response().isCommitted() && !ctx.isAsync()) {
                    ctx.response().send();
                }
                return;
            } catch (Throwable rethrown) {
                cause = ResultWriter.unwrap(rethrown);
            }
        }
        if (ctx.response().isCommitted()) {
            LOG.log(System.Logger.Level.WARNING, "failure after the response was committed for "
                    + ctx.request().method() + " " + ctx.request().uri() + ": " + cause, cause);
            return;
        }
        if (cause instanceof dev.brisk.rest.ConstraintViolationsException violations) {
            problems.send(ctx, 400, violations.getMessage(), false, violations.violations());
        } else if (cause instanceof HttpStatusException status) {
            problems.send(ctx, status.status(), status.getMessage(), status.status() == 503);
        } else if (cause instanceof CodecException codec && codec.decoding()) {
            problems.send(ctx, 400, codec.getMessage(), false);
        } else {
            LOG.log(System.Logger.Level.WARNING, "handler failed on " + ctx.request().method() + " "
                    + ctx.request().uri() + ": " + cause, cause);
            problems.send(ctx, 500, null, false);
        }
    }
}
