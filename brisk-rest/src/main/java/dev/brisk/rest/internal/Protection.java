package dev.brisk.rest.internal;

import dev.brisk.http.ServerRequest;
import dev.brisk.rest.Schedulers;
import dev.brisk.rest.internal.protect.ClientAddresses;
import dev.brisk.rest.internal.protect.CpuLoad;
import dev.brisk.rest.internal.protect.Durations;
import dev.brisk.rest.internal.protect.IpRules;
import dev.brisk.rest.internal.protect.Limiter;
import dev.brisk.rest.protect.ConcurrencyLimit;
import dev.brisk.rest.protect.LoadShedding;
import dev.brisk.rest.protect.MaxConcurrency;
import dev.brisk.rest.protect.ProtectionOptions;
import dev.brisk.rest.protect.RequestTimeout;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;

/**
 * The protection of one server, decided at startup: the checks every request passes before its filters (IP
 * filters, load shedding, the server's concurrency limit; {@link #admits()} is false when there are none, and then
 * nothing runs), and each route's {@link RouteGuard} (concurrency limit, timeout), null for routes without one.
 * Timeouts and the CPU sampler share one daemon timer thread, started only when one of them is configured.
 */
final class Protection {

    private final ProtectionOptions options;
    private final ProblemResponses problems;
    private final IpRules ipRules;
    private final LoadShedding shedding;
    private final DoubleSupplier load;
    private final Limiter limiter;
    private final String retryAfter;
    private ScheduledThreadPoolExecutor timer;

    Protection(ProtectionOptions options, ProblemResponses problems) {
        this.options = options;
        this.problems = problems;
        this.retryAfter = Long.toString(options.retryAfter().toSeconds());
        this.ipRules = options.ipFilters().isEmpty() ? null
                : new IpRules(options.ipFilters(), new ClientAddresses(options.trustedProxies(), options.forwardedHeader()));
        this.limiter = options.concurrencyLimit().map(Limiter::of).orElse(null);
        this.shedding = options.loadShedding().orElse(null);
        DoubleSupplier source = null;
        if (shedding != null) {
            source = shedding.cpuLoad().isPresent() ? shedding.cpuLoad().get() : CpuLoad.start(timer());
        }
        this.load = source;
    }

    /** Whether requests are checked before their filters run. */
    boolean admits() {
        return ipRules != null || load != null || limiter != null;
    }

    /** Whether the IP filters need the request's path within the context path. */
    boolean needsPath() {
        return ipRules != null && ipRules.byPath();
    }

    /** The server's limiter, or null. */
    Limiter limiter() {
        return limiter;
    }

    /**
     * The checks before filters; false when the request was refused (answered 403 or 503). {@code path} is the path
     * within the context path (null outside it), needed only when {@link #needsPath()}.
     */
    boolean admit(DefaultRequestContext ctx, String path) {
        ServerRequest request = ctx.request();
        if (ipRules != null && !ipRules.admits(request, path)) {
            problems.send(ctx, 403, "the client address is not allowed here", false);
            return false;
        }
        if (load != null && !shedding.exempt().test(request)) {
            double probability = shedding.probability(load.getAsDouble());
            if (probability > 0 && (probability >= 1 || ThreadLocalRandom.current().nextDouble() < probability)) {
                refuse(ctx, "the server is overloaded");
                return false;
            }
        }
        return limiter == null || options.limitExempt().test(request) || acquire(limiter, ctx);
    }

    /** Takes a permit of {@code limiter} until the response is complete; false, answered 503, when none is left. */
    boolean acquire(Limiter limiter, DefaultRequestContext ctx) {
        if (!limiter.tryAcquire()) {
            refuse(ctx, "too many requests in progress");
            return false;
        }
        long start = limiter.now();
        ctx.request().response().completion().whenComplete((v, error) -> limiter.release(start, error == null));
        return true;
    }

    private void refuse(DefaultRequestContext ctx, String detail) {
        ctx.response().header("retry-after", retryAfter);
        problems.send(ctx, 503, detail, false);
    }

    /** The guard of {@code route}, or null when it has neither a concurrency limit nor a timeout. */
    RouteGuard forRoute(CompiledRoute route) {
        Method method = route.handlerMethod().orElse(null);
        ConcurrencyLimit limit = route.route.concurrencyLimit().orElse(null);
        if (limit == null && method != null) {
            MaxConcurrency annotation = annotation(method, MaxConcurrency.class);
            if (annotation != null) {
                limit = annotation.adaptive() ? ConcurrencyLimit.adaptive(annotation.value())
                        : ConcurrencyLimit.fixed(annotation.value());
            }
        }
        Duration timeout = route.route.timeout().orElse(null);
        if (timeout == null && method != null) {
            RequestTimeout annotation = annotation(method, RequestTimeout.class);
            if (annotation != null) {
                try {
                    timeout = Durations.parse(annotation.value());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("@RequestTimeout of " + method + ": " + e.getMessage(), e);
                }
            }
        }
        if (timeout == null) {
            timeout = options.requestTimeout().orElse(null);
        }
        if (limit == null && timeout == null) {
            return null;
        }
        String scheduler = route.scheduler.name();
        boolean interruptible = scheduler.equals(Schedulers.WORKER)
                || scheduler.equals(Schedulers.VIRTUAL);
        return new RouteGuard(limit == null ? null : Limiter.of(limit), timeout, interruptible);
    }

    private static <A extends Annotation> A annotation(Method method, Class<A> type) {
        A onMethod = method.getAnnotation(type);
        return onMethod != null ? onMethod : method.getDeclaringClass().getAnnotation(type);
    }

    /** Enters a guarded route: its permit, its timeout; false when the request was refused (answered 503). */
    boolean enter(RouteGuard guard, DefaultRequestContext ctx) {
        if (guard.limiter != null && !acquire(guard.limiter, ctx)) {
            return false;
        }
        if (guard.timeout != null) {
            RequestCancellation cancellation = new RequestCancellation(ctx, guard.timeout);
            ctx.cancellation(cancellation);
            cancellation.timer(timer().schedule(cancellation::expire, guard.timeout.toNanos(), TimeUnit.NANOSECONDS));
            ctx.request().response().completion().whenComplete((v, error) -> cancellation.ended(error));
        }
        return true;
    }

    private synchronized ScheduledThreadPoolExecutor timer() {
        if (timer == null) {
            timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread thread = new Thread(r, "brisk-protection");
                thread.setDaemon(true);
                return thread;
            });
            timer.setRemoveOnCancelPolicy(true);
        }
        return timer;
    }

    synchronized void shutdown() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
