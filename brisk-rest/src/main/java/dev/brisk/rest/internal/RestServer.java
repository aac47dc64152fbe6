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
import dev.brisk.rest.NoRouteException;
import dev.brisk.rest.Route;
import dev.brisk.rest.internal.cors.CorsProcessor;
import dev.brisk.rest.internal.multipart.MultipartReceiver;
import dev.brisk.rest.internal.observe.AccessLogEntry;
import dev.brisk.rest.internal.router.PathPattern;
import dev.brisk.rest.internal.router.RouteMatch;
import dev.brisk.rest.internal.router.Router;
import dev.brisk.rest.spi.RoutingFailure;
import dev.brisk.rest.spi.RoutingFailureHandler;
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
public final class RestServer implements HttpHandler, AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final BriskOptions options;
    private final Codecs codecs;
    private final ResultWriter results;
    private final StreamingResults streaming = new StreamingResults(this);
    private final dev.brisk.rest.internal.sse.SseEncoder sseEncoder;
    private final ProblemResponses problems = new ProblemResponses();
    private final List<Filter> filters;
    private final List<Filter> routeFilters;
    private final List<Object> interceptors;
    private final ExceptionHandlers exceptionHandlers;
    private final Schedulers schedulers;
    private final List<CompiledRoute> routes = new ArrayList<>();
    private volatile Router<CompiledRoute> router = Router.of(List.of());
    private volatile boolean anyStreaming;
    private final CorsMappings corsMappings;
    private final CorsStage cors;
    private final dev.brisk.rest.MultipartOptions multipart;
    /** Whether any route has CORS rules: only then are requests checked for them. */
    private volatile boolean anyCors;
    /** The one non-inline scheduler every route uses, if so: then routing runs there too. */
    private volatile RouteScheduler common;
    /** Access log and tracing, each null when off; set before serving. */
    private dev.brisk.rest.internal.observe.AccessLog accessLog;
    private dev.brisk.rest.internal.observe.ServerTracing tracing;
    /** The controller styles' answers to requests no route takes; set before serving. */
    private volatile List<RoutingFailureHandler> failureHandlers = List.of();
    // protection: set before serving; admission is null when no request is checked before its filters
    private Protection protection = new Protection(dev.brisk.rest.ProtectionOptions.DEFAULT, problems);
    private volatile Protection admission;
    /** Told about every completed request; null (no work per request) unless the server has observers. */
    private volatile dev.brisk.rest.RequestObserver observer;

    /**
     * @param interceptors     {@code HandlerInterceptor}s (route, mapping or plain) and
     *                         {@code InterceptorRegistration}s, in the order they run
     * @param routes           programmatic routes: without a scheduler of their own they run on the default scheduler
     * @param controllerRoutes routes of annotated controllers: without a scheduler of their own they run on the
     *                         controller scheduler
     */
    public RestServer(BriskOptions options, Codecs codecs, List<Filter> filters, List<Filter> routeFilters,
                      List<Object> interceptors, Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers,
                      Map<String, Executor> customSchedulers, List<Route> routes, List<Route> controllerRoutes) {
        this(options, codecs, filters, routeFilters, interceptors, exceptionHandlers, customSchedulers, routes,
                controllerRoutes, WebFeatures.DEFAULT);
    }

    /** Like the other constructor, with the server's CORS rules and multipart settings. */
    public RestServer(BriskOptions options, Codecs codecs, List<Filter> filters, List<Filter> routeFilters,
                      List<Object> interceptors, Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers,
                      Map<String, Executor> customSchedulers, List<Route> routes, List<Route> controllerRoutes,
                      WebFeatures web) {
        this.options = options;
        this.corsMappings = new CorsMappings(web.cors());
        this.cors = new CorsStage(corsMappings, problems);
        this.multipart = web.multipart();
        this.codecs = codecs;
        this.results = new ResultWriter(codecs);
        this.sseEncoder = new dev.brisk.rest.internal.sse.SseEncoder(codecs);
        this.filters = List.copyOf(filters);
        this.routeFilters = List.copyOf(routeFilters);
        this.interceptors = List.copyOf(interceptors);
        this.exceptionHandlers = new ExceptionHandlers(exceptionHandlers);
        this.schedulers = new Schedulers(options, customSchedulers);
        schedulers.get(options.defaultScheduler());
        add(routes, controllerRoutes);
    }

    public BriskOptions options() {
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

    dev.brisk.rest.internal.sse.SseEncoder sseEncoder() {
        return sseEncoder;
    }

    dev.brisk.rest.MultipartOptions multipartOptions() {
        return multipart;
    }

    StreamingResults streaming() {
        return streaming;
    }

    /** Where work that blocks goes when it was started on an event loop: the {@code biz} pool. */
    RouteScheduler blockingScheduler() {
        return schedulers.get(dev.brisk.rest.Schedulers.BIZ);
    }

    // ---- route table ----------------------------------------------------------------------------------------

    /** Adds programmatic routes; fails, changing nothing, when one is malformed or ambiguous with another. */
    public void addAll(List<Route> added) {
        add(added, List.of());
    }

    private synchronized void add(List<Route> programmatic, List<Route> fromControllers) {
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
        this.anyCors = !corsMappings.isEmpty() || next.stream().anyMatch(r -> r.cors != null);
        this.common = only != null && !only.inline() ? only : null;
        routes.clear();
        routes.addAll(next);
    }

    /** The handlers offered 404, 405, 406 and 415 answers before Brisk gives its own, in order. */
    public void routingFailureHandlers(List<RoutingFailureHandler> handlers) {
        this.failureHandlers = List.copyOf(handlers);
    }

    /** The observer of every request, set before serving; without one, requests are not observed at all. */
    public void observer(dev.brisk.rest.RequestObserver observer) {
        this.observer = observer;
    }

    /** Whether requests are observed. */
    public boolean observed() {
        return observer != null;
    }

    /** The access log, null when off. */
    public dev.brisk.rest.internal.observe.AccessLog accessLog() {
        return accessLog;
    }

    /** Turns on the access log and tracing (each may be null: off); called before serving. */
    public void observe(dev.brisk.rest.internal.observe.AccessLog accessLog,
                        dev.brisk.rest.internal.observe.ServerTracing tracing) {
        this.accessLog = accessLog;
        this.tracing = tracing;
    }

    public void shutdown() {
        schedulers.shutdown();
        protection.shutdown();
        if (accessLog != null) {
            accessLog.close();
        }
    }

    /**
     * Protects the server (limits, shedding, timeouts, IP filters); called once, before serving. What is off costs
     * nothing per request: only the checks configured exist.
     */
    public synchronized void protect(dev.brisk.rest.ProtectionOptions options) {
        protection.shutdown();
        protection = new Protection(options, problems);
        admission = protection.admits() ? protection : null;
        for (CompiledRoute route : routes) {
            route.guard = protection.forRoute(route);
        }
    }

    /** Stops the schedulers (what a port shared with another server calls when it closes). */
    @Override
    public void close() {
        shutdown();
    }

    /** The state of the schedulers in use. */
    public List<dev.brisk.rest.SchedulerState> schedulers() {
        return schedulers.states();
    }

    /** Changes the number of threads of the pool scheduler {@code name}. */
    public void resizeScheduler(String name, int threads) {
        schedulers.resize(name, threads);
    }

    // ---- request pipeline -----------------------------------------------------------------------------------

    @Override
    public BodyMode bodyMode(ServerRequest request) {
        boolean multipartBody = MultipartReceiver.isMultipart(request.headers().get("content-type", null));
        if (!anyStreaming && !multipartBody) {
            return BodyMode.AGGREGATE;
        }
        if (anyStreaming) {
            String path = routingPath(request);
            RouteMatch<CompiledRoute> match = new RouteMatch<>();
            if (path != null && router.find(request.method(), path, match)) {
                for (CompiledRoute route : match.candidates()) {
                    if (route.route.streaming()) {
                        return BodyMode.STREAM;
                    }
                }
            }
        }
        if (multipartBody) {
            // parsed as it arrives, large parts spilled to disk: never aggregated in memory
            MultipartReceiver.prepare(request, multipart);
            return BodyMode.STREAM;
        }
        return BodyMode.AGGREGATE;
    }

    /** Refused requests (a body too large or undecodable) are logged and counted like the others. */
    @Override
    public boolean observesRefusals() {
        return true;
    }

    @Override
    public void handle(ServerRequest request) {
        DefaultRequestContext ctx = new DefaultRequestContext(this, request);
        dev.brisk.rest.RequestObserver observing = observer;
        if (observing != null || accessLog != null) {
            ctx.startNanos = System.nanoTime(); // one clock read for the access log and the observer
        }
        AccessLogEntry logged = tracing != null || accessLog != null ? observe(ctx) : null;
        if (observing != null || logged != null) {
            Observation.begin(observing, logged, ctx);
        }
        if (request.response().isCommitted()) {
            return; // refused when its head arrived (a multipart body declared too large)
        }
        Protection guard = admission;
        if (guard != null && !guard.admit(ctx, guard.needsPath() ? routingPath(request) : null)) {
            return;
        }
        RouteScheduler shared = common;
        if (shared != null) {
            shared.dispatch(ctx, () -> begin(ctx));
        } else {
            begin(ctx);
        }
    }

    /**
     * Starts the request's trace and access log line (on the event loop, before anything else runs); returns the
     * line, or null without an access log.
     */
    private AccessLogEntry observe(DefaultRequestContext ctx) {
        ServerRequest request = ctx.request();
        if (tracing != null) {
            Object[] span = tracing.openTelemetry() ? new Object[1] : null;
            ctx.trace = tracing.start(request, span);
            ctx.span = span == null ? null : span[0];
            if (ctx.span != null) {
                // the handler's failure (answered as a problem or by an exception handler), else the write's
                request.response().completion().whenComplete((v, error) -> tracing.end(ctx.span, request,
                        ctx.routeTemplate(), ctx.failure() != null ? ctx.failure() : error));
            }
        }
        return accessLog == null ? null : accessLog.begin(request, ctx.trace, ctx.startNanos);
    }

    @SuppressWarnings("try") // the scope is only closed, never read
    private void begin(DefaultRequestContext ctx) {
        if (ctx.trace != null) {
            try (dev.brisk.transport.TraceContext.Scope ignored = tracing.enter(ctx.trace, ctx.span)) {
                beginTraced(ctx);
            }
        } else {
            beginTraced(ctx);
        }
    }

    private void beginTraced(DefaultRequestContext ctx) {
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

    /**
     * The path routing will match, before any filter reroutes: within the context path (null outside it), matrix
     * parameters removed. What is checked by path before routing (IP rules) must see this path, or
     * {@code /admin;x=1/info} would slip past a rule for {@code /admin/**} and still be routed to {@code /admin/info}.
     */
    private String routingPath(ServerRequest request) {
        String path = pathWithinContext(request);
        return path != null && path.indexOf(';') >= 0 ? MatrixParams.strip(path).path() : path;
    }

    /**
     * Notes, for the metrics and the access log, the route a request refused before routing (all routes on one
     * scheduler, whose queue was full) would have taken: the first candidate for its method and path, if any.
     */
    void routeForRecord(DefaultRequestContext ctx) {
        try {
            String path = routingPath(ctx.request());
            RouteMatch<CompiledRoute> match = ctx.match();
            if (path != null && router.find(ctx.request().method(), path, match) && !match.candidates().isEmpty()) {
                ctx.routed(match.candidates().get(0), path);
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "no route noted for " + ctx.request().uri() + ": " + e);
        }
    }

    private void route(dev.brisk.rest.RequestContext context) throws Exception {
        DefaultRequestContext ctx = (DefaultRequestContext) context;
        ServerRequest request = ctx.request();
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
        Router<CompiledRoute> table = router;
        if (method == HttpMethod.OPTIONS && anyCors && CorsProcessor.isPreflight(request)
                && cors.preflight(ctx, table, path)) {
            return;
        }
        RouteMatch<CompiledRoute> match = ctx.match();
        boolean found = table.find(method, path, match);
        if (!found && method == HttpMethod.HEAD) {
            found = table.find(HttpMethod.GET, path, match);
        }
        if (!found) {
            noRoute(ctx, method, path, match);
            return;
        }
        CompiledRoute route = select(ctx, match.candidates());
        if (route == null) {
            return;
        }
        ctx.routed(route, path);
        if (route.cors != null && !cors.check(ctx, route, path)) {
            return;
        }
        if (MultipartReceiver.isMultipart(request.headers().get("content-type", null))
                && MultipartReceiver.pending(request)) {
            receiveParts(ctx, route);
            return;
        }
        afterRouting(ctx, route);
    }

    /** Route filters, then the handler on its scheduler. */
    private void afterRouting(DefaultRequestContext ctx, CompiledRoute route) throws Exception {
        RouteGuard guard = route.guard;
        if (guard != null && !protection.enter(guard, ctx)) {
            return;
        }
        if (routeFilters.isEmpty()) {
            invoke(ctx, route);
        } else {
            chain(routeFilters, c -> invoke(ctx, route)).proceed(ctx);
        }
    }

    /**
     * Receives a multipart body before the route's filters and handler run: they see the parts. The body arrives on
     * the event loop; the request then goes on where it would have (the route's scheduler when it is the one that
     * also runs routing, else the event loop, from which the route's scheduler is reached as usual).
     */
    private void receiveParts(DefaultRequestContext ctx, CompiledRoute route) {
        MultipartReceiver.receive(ctx.request(), multipart, form -> {
            ctx.multipart(form);
            Runnable next = () -> {
                try {
                    afterRouting(ctx, route);
                } catch (Throwable t) {
                    fail(ctx, t);
                }
            };
            if (route.scheduler == common) {
                common.dispatch(ctx, next);
            } else {
                next.run();
            }
        }, error -> {
            if (error instanceof HttpStatusException) {
                fail(ctx, error);
                return;
            }
            LOG.log(System.Logger.Level.DEBUG, () -> "multipart body of " + ctx.request().method() + " "
                    + ctx.request().uri() + " broke off: " + error);
            fail(ctx, new HttpStatusException(400, "the multipart body could not be received: "
                    + error.getMessage()));
        });
    }

    private void noRoute(DefaultRequestContext ctx, HttpMethod method, String path, RouteMatch<CompiledRoute> match)
            throws Exception {
        if (!match.pathMatched()) {
            String detail = "no route for " + ctx.request().path();
            if (unrouted(ctx, new RoutingFailure(404, path, detail, List.of(), List.of()))) {
                return;
            }
            throw new NoRouteException(NoRouteException.Reason.PATH, detail, Set.of(), List.of());
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
            ctx.response().status(204).send();
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

    /** Offers a routing failure to the controller styles' handlers; true when one answered. */
    private boolean unrouted(DefaultRequestContext ctx, RoutingFailure failure) throws Exception {
        for (RoutingFailureHandler handler : failureHandlers) {
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

    /** The candidate that takes the request, or null when a routing failure handler answered it instead. */
    private CompiledRoute select(DefaultRequestContext ctx, List<CompiledRoute> candidates) throws Exception {
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
            return null;
        }
        throw failure;
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

    @SuppressWarnings("try") // the scope is only closed, never read
    private void call(DefaultRequestContext ctx, CompiledRoute route) {
        if (ctx.trace != null) {
            try (dev.brisk.transport.TraceContext.Scope ignored = tracing.enter(ctx.trace, ctx.span)) {
                callGuarded(ctx, route);
            }
        } else {
            callGuarded(ctx, route);
        }
    }

    /** Calls the handler within the request's timeout, when its route has one. */
    private void callGuarded(DefaultRequestContext ctx, CompiledRoute route) {
        RequestCancellation cancellation = ctx.cancellation();
        if (cancellation == null) {
            callHandler(ctx, route);
        } else if (cancellation.enter(route.guard.interruptible)) {
            try {
                callHandler(ctx, route);
            } finally {
                cancellation.leave();
            }
        }
        // else: timed out while it waited for its scheduler, and answered then
    }

    private void callHandler(DefaultRequestContext ctx, CompiledRoute route) {
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

    /**
     * Answers a failure: the application's exception handler if one matches, else a problem response. Once the head
     * has been sent nothing can be answered any more: the response is aborted.
     */
    void fail(DefaultRequestContext ctx, Throwable error) {
        Throwable cause = ResultWriter.unwrap(error);
        if (!(cause instanceof NoRouteException)) {
            ctx.failed(cause); // for request observers: a routing failure (404, 405...) is no handler's failure
        }
        ExceptionHandler<Throwable> handler = ctx.response().isCommitted() ? null : exceptionHandlers.find(cause);
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
            if (!ctx.response().isEnded()) {
                LOG.log(System.Logger.Level.WARNING, "failure after the response was committed for "
                        + ctx.request().method() + " " + ctx.request().uri() + ": " + cause, cause);
                // a second head cannot follow the first: the client must see the body cut off, not complete
                ctx.response().abort(cause);
            }
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
