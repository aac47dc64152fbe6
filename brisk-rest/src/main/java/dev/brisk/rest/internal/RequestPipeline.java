package dev.brisk.rest.internal;

import dev.brisk.http.BodyMode;
import dev.brisk.http.ServerRequest;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.Filter;
import dev.brisk.rest.FilterChain;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.internal.multipart.MultipartReceiver;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.transport.TraceContext;

import java.util.List;

/**
 * The way of a request: admission ({@link Protection}), a 404 outside the context path, filters,
 * {@link RouteSelection routing}, a multipart body
 * received, the route's guard and filters, then its scheduler, which runs the {@link HandlerInvocation}; every failure
 * on the way answered by {@link FailureResponses}. A filter whose class says {@link RunOn} runs on that scheduler, and
 * so does the rest of the request: routing, route filters and a handler on the same scheduler run on that thread,
 * within the filter's call to the chain (as a servlet container runs filters and servlet on one thread).
 */
final class RequestPipeline {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final List<Filter> filters;
    /** The scheduler of each filter that names one with {@link RunOn}, else null; null when none does. */
    private final RouteScheduler[] filterSchedulers;
    private final List<Filter> routeFilters;
    private final RouteTable table;
    private final RouteSelection selection;
    private final FailureResponses failures;
    private final Observability observability;
    private final HandlerInvocation invocation;
    private final MultipartOptions multipart;
    /** Lets a request into a guarded route. */
    private final Protection protection;
    /** The checks before filters, or null when there are none. */
    private final Protection admission;
    /** Whether there is a context path, outside which requests are refused before the filters. */
    private final boolean contextPath;

    RequestPipeline(List<Filter> filters, List<Filter> routeFilters, RouteTable table, RouteSelection selection,
                    FailureResponses failures, Observability observability, MultipartOptions multipart,
                    Protection protection, BriskOptions options, SchedulerPools schedulers) {
        this.filters = filters;
        this.filterSchedulers = filterSchedulers(filters, schedulers);
        this.routeFilters = routeFilters;
        this.table = table;
        this.selection = selection;
        this.failures = failures;
        this.observability = observability;
        this.invocation = new HandlerInvocation(failures, observability);
        this.multipart = multipart;
        this.protection = protection;
        this.admission = protection.admits() ? protection : null;
        this.contextPath = !options.contextPath().isEmpty();
    }

    /**
     * How the body of {@code request} is received: streamed when the route that takes it streams its body, or when it
     * is multipart (parsed into parts as it arrives), else aggregated.
     */
    BodyMode bodyMode(ServerRequest request) {
        boolean multipartBody = MultipartReceiver.isMultipart(request.headers().get("content-type", null));
        if (!table.anyStreaming() && !multipartBody) {
            return BodyMode.AGGREGATE;
        }
        if (table.anyStreaming() && selection.streams(request)) {
            return BodyMode.STREAM;
        }
        if (multipartBody) {
            // parsed as it arrives, large parts spilled to disk: never aggregated in memory
            MultipartReceiver.prepare(request, multipart);
            return BodyMode.STREAM;
        }
        return BodyMode.AGGREGATE;
    }

    /**
     * Runs a request, unless it is not admitted (then answered 403 or 503): on the scheduler all routes share when
     * they do (routing too runs there), else here.
     */
    void run(DefaultRequestContext ctx) {
        Protection guard = admission;
        if (guard != null && !guard.admit(ctx, guard.needsPath() ? selection.routingPath(ctx.request()) : null)) {
            return;
        }
        RouteScheduler shared = table.common();
        if (shared != null) {
            shared.dispatch(ctx, () -> {
                ctx.runningOn = shared;
                begin(ctx);
            });
        } else {
            begin(ctx);
        }
    }

    @SuppressWarnings("try") // the scope is only closed, never read
    private void begin(DefaultRequestContext ctx) {
        if (ctx.trace != null) {
            try (TraceContext.Scope ignored = observability.enter(ctx)) {
                beginTraced(ctx);
            }
        } else {
            beginTraced(ctx);
        }
    }

    private void beginTraced(DefaultRequestContext ctx) {
        try {
            if (contextPath && selection.outsideContext(ctx.request())) {
                // not the application's: as a servlet container answers, before any filter or handler sees it
                failures.outsideContext(ctx);
                return;
            }
            if (filters.isEmpty()) {
                route(ctx);
            } else if (filterSchedulers == null) {
                chain(filters, this::route).proceed(ctx);
            } else {
                scheduledChain(ctx).proceed(ctx);
            }
        } catch (Throwable t) {
            failures.fail(ctx, t);
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

    private static RouteScheduler[] filterSchedulers(List<Filter> filters, SchedulerPools schedulers) {
        RouteScheduler[] found = new RouteScheduler[filters.size()];
        boolean any = false;
        for (int i = 0; i < found.length; i++) {
            RunOn runOn = filters.get(i).getClass().getAnnotation(RunOn.class);
            if (runOn != null) {
                found[i] = schedulers.get(runOn.value());
                any = true;
            }
        }
        return any ? found : null;
    }

    /**
     * Like {@link #chain}, moving the request onto a filter's {@link RunOn} scheduler before that filter when it is
     * not there yet; the request stays there (and its handler runs there, inline, when its route uses it too).
     */
    private FilterChain scheduledChain(DefaultRequestContext ctx) {
        int[] index = {0};
        FilterChain[] self = new FilterChain[1];
        self[0] = c -> {
            int i = index[0]++;
            if (i >= filters.size()) {
                route(c);
                return;
            }
            RouteScheduler scheduler = filterSchedulers[i];
            if (scheduler == null || scheduler.inline() || scheduler == ctx.runningOn) {
                filters.get(i).filter(c, self[0]);
                return;
            }
            scheduler.dispatch(ctx, () -> {
                ctx.runningOn = scheduler;
                try {
                    filters.get(i).filter(c, self[0]);
                } catch (Throwable t) {
                    failures.fail(ctx, t);
                }
            });
        };
        return self[0];
    }

    private void route(RequestContext context) throws Exception {
        DefaultRequestContext ctx = (DefaultRequestContext) context;
        CompiledRoute route = selection.select(ctx);
        if (route == null) {
            return;
        }
        if (MultipartReceiver.isMultipart(ctx.request().headers().get("content-type", null))
                && MultipartReceiver.pending(ctx.request())) {
            receiveParts(ctx, route);
            return;
        }
        afterRouting(ctx, route);
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
                    failures.fail(ctx, t);
                }
            };
            RouteScheduler common = table.common();
            if (route.scheduler == common) {
                common.dispatch(ctx, next);
            } else {
                next.run();
            }
        }, error -> {
            if (error instanceof HttpStatusException) {
                failures.fail(ctx, error);
                return;
            }
            LOG.log(System.Logger.Level.DEBUG, () -> "multipart body of " + ctx.request().method() + " "
                    + ctx.request().uri() + " broke off: " + error);
            failures.fail(ctx, new HttpStatusException(400, "the multipart body could not be received: "
                    + error.getMessage()));
        });
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

    private void invoke(DefaultRequestContext ctx, CompiledRoute route) {
        RouteScheduler scheduler = route.scheduler;
        if (scheduler == table.common() || scheduler.inline() || scheduler == ctx.runningOn) {
            invocation.call(ctx, route);
        } else {
            scheduler.dispatch(ctx, () -> invocation.call(ctx, route));
        }
    }
}
