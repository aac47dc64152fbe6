package dev.brisk.rest.internal;

import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.transport.TraceContext;

/**
 * Calls a route's handler for a request, on the thread its scheduler chose: within the request's trace and timeout,
 * between its interceptors' {@code preHandle}/{@code postHandle}/{@code afterCompletion}; a handler that answered
 * nothing gets an empty response, a failure is answered by {@link FailureResponses}.
 */
final class HandlerInvocation {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest");

    private final FailureResponses failures;
    private final Observability observability;

    HandlerInvocation(FailureResponses failures, Observability observability) {
        this.failures = failures;
        this.observability = observability;
    }

    /** Calls the handler of {@code route} for {@code ctx}. */
    @SuppressWarnings("try") // the scope is only closed, never read
    void call(DefaultRequestContext ctx, CompiledRoute route) {
        if (ctx.trace != null) {
            try (TraceContext.Scope ignored = observability.enter(ctx)) {
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
            failures.fail(ctx, t);
        }
    }

    private void callIntercepted(DefaultRequestContext ctx, CompiledRoute route) {
        BoundInterceptor[] bound = route.interceptors;
        HandlerInterceptor[] active = new HandlerInterceptor[bound.length];
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
            failures.fail(ctx, t);
            afterCompletion(ctx, active, applied, t);
        }
    }

    private static void afterCompletion(DefaultRequestContext ctx, HandlerInterceptor[] active, int count,
                                        Throwable error) {
        for (int i = count - 1; i >= 0; i--) {
            try {
                active[i].afterCompletion(ctx, error);
            } catch (Throwable t) {
                LOG.log(System.Logger.Level.WARNING, "afterCompletion of " + active[i] + " failed: " + t, t);
            }
        }
    }
}
