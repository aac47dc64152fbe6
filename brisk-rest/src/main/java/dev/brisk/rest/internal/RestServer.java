package dev.brisk.rest.internal;

import dev.brisk.codec.Codecs;
import dev.brisk.http.BodyMode;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.ServerRequest;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.Filter;
import dev.brisk.rest.Route;
import io.netty.handler.codec.http.HttpMethod;

import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.SchedulerState;
import dev.brisk.rest.web.CorsConfig;
import dev.brisk.rest.internal.observe.AccessLog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The REST framework as an {@link HttpHandler}: starts each request's {@link Observability observation} and hands it
 * to the {@link RequestPipeline}, which admits it, routes it through the {@link RouteTable} ({@link RouteSelection})
 * and calls its handler. Also the server's route table, schedulers and observation, as {@code BriskServer} sees them.
 */
public final class RestServer implements HttpHandler, AutoCloseable {

    private final BriskOptions options;
    private final ProblemResponses problems = new ProblemResponses();
    private final SchedulerPools schedulers;
    private final RouteTable table;
    private final RequestServices services;
    private final Observability observability;
    private final RequestPipeline pipeline;
    private final RouteSelection selection;
    private final Protection protection;

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
                controllerRoutes, PipelineStages.NONE);
    }

    /**
     * Like the other constructor, with the optional stages of the pipeline; fails, having stopped what it started,
     * when a route is malformed or ambiguous. It owns the access log from then on: {@link #shutdown()} closes it.
     */
    public RestServer(BriskOptions options, Codecs codecs, List<Filter> filters, List<Filter> routeFilters,
                      List<Object> interceptors, Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers,
                      Map<String, Executor> customSchedulers, List<Route> routes, List<Route> controllerRoutes,
                      PipelineStages stages) {
        this.options = options;
        WebFeatures web = stages.web();
        CorsMappings corsMappings = new CorsMappings(web.cors());
        FailureResponses failures = new FailureResponses(new ExceptionHandlers(exceptionHandlers), problems);
        // what is off costs nothing per request: only the checks configured exist
        this.protection = new Protection(stages.protection(), problems);
        this.observability = new Observability(stages.observer(), stages.accessLog(), stages.tracing());
        this.schedulers = new SchedulerPools(options, customSchedulers);
        this.table = new RouteTable(options, schedulers, List.copyOf(interceptors), corsMappings, protection);
        this.selection = new RouteSelection(options, table, new CorsStage(corsMappings, problems),
                new RoutingFailures(stages.failureHandlers()));
        this.services = new RequestServices(options, codecs, problems, failures, web.multipart(), schedulers,
                selection);
        try {
            this.pipeline = new RequestPipeline(List.copyOf(filters), List.copyOf(routeFilters), table, selection,
                    failures, observability, web.multipart(), protection, options, schedulers);
            schedulers.get(options.defaultScheduler());
            table.add(routes, controllerRoutes);
        } catch (RuntimeException e) {
            shutdown();
            throw e;
        }
    }

    public BriskOptions options() {
        return options;
    }

    /** Adds programmatic routes; fails, changing nothing, when one is malformed or ambiguous with another. */
    public void addAll(List<Route> added) {
        table.add(added, List.of());
    }

    /** Removes the routes for {@code method} and {@code path}; returns whether there were any. */
    public boolean remove(HttpMethod method, String path) {
        return table.remove(method, path);
    }

    /** The CORS rules for {@code request} (for a preflight, the request it announces), or null when none apply. */
    public CorsConfig corsRules(ServerRequest request) {
        return selection.corsRules(request);
    }

    /** The routes, in registration order. */
    public List<RouteInfo> routes() {
        return table.routes();
    }

    /** Whether requests are observed. */
    public boolean observed() {
        return observability.observed();
    }

    /** The access log, null when off. */
    public AccessLog accessLog() {
        return observability.accessLog();
    }

    public void shutdown() {
        schedulers.shutdown();
        protection.shutdown();
        observability.close();
    }

    /** Stops the schedulers (what a port shared with another server calls when it closes). */
    @Override
    public void close() {
        shutdown();
    }

    /** The state of the schedulers in use. */
    public List<SchedulerState> schedulers() {
        return schedulers.states();
    }

    /** Changes the number of threads of the pool scheduler {@code name}. */
    public void resizeScheduler(String name, int threads) {
        schedulers.resize(name, threads);
    }

    @Override
    public BodyMode bodyMode(ServerRequest request) {
        return pipeline.bodyMode(request);
    }

    /** Refused requests (a body too large or undecodable) are logged and counted like the others. */
    @Override
    public boolean observesRefusals() {
        return true;
    }

    @Override
    public void handle(ServerRequest request) {
        DefaultRequestContext ctx = new DefaultRequestContext(services, request);
        observability.start(ctx);
        if (request.response().isCommitted()) {
            return; // refused when its head arrived (a multipart body declared too large)
        }
        pipeline.run(ctx);
    }
}
