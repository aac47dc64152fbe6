package dev.brisk.micrometer.internal;

import dev.brisk.micrometer.MetricsOptions;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.observe.CompletedRequest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.netty.handler.codec.http.HttpMethod;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The per-request timers, one per route, method, status and exception. Each is looked up in a map of its own by a
 * small key, so that a request does not build tags or meter ids once its timer exists.
 */
public final class RequestTimers {

    private static final int RECENT = 64;

    private final MeterRegistry registry;
    private final MetricsOptions options;
    private final double[] percentiles;
    private final ConcurrentHashMap<Key, Timer> timers = new ConcurrentHashMap<>();
    /**
     * Recently used timers, direct-mapped by their key's hash, so that the usual request finds its timer without
     * allocating a key. Slots are written racily: each holds an immutable {@link Key} with its timer, so a reader sees
     * a whole entry or an older one, and a miss only costs the map lookup.
     */
    private final Key[] recent = new Key[RECENT];

    public RequestTimers(MeterRegistry registry, MetricsOptions options) {
        this.registry = registry;
        this.options = options;
        this.percentiles = options.percentiles().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /**
     * What tells two timers apart: the route (or, for requests no route took, nothing), method, status, error, and
     * whether the response never reached the client (the status is then {@code -status - 1}: outcome unknown).
     */
    private record Key(RouteInfo route, HttpMethod method, int status, Class<?> exception, Timer timer) {

        Key(RouteInfo route, HttpMethod method, int status, Class<?> exception) {
            this(route, method, status, exception, null);
        }

        boolean matches(RouteInfo route, HttpMethod method, int status, Class<?> exception) {
            return this.route == route && this.method.equals(method) && this.status == status
                    && this.exception == exception;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key that && route == that.route && method.equals(that.method)
                    && status == that.status && exception == that.exception;
        }

        @Override
        public int hashCode() {
            return slot(route, method, status, exception);
        }
    }

    /** Routes compare by identity (one object per route of a server), so their identity hash stands for them. */
    private static int slot(RouteInfo route, HttpMethod method, int status, Class<?> exception) {
        int hash = System.identityHashCode(route) * 31 + method.hashCode();
        hash = hash * 31 + status;
        return hash * 31 + System.identityHashCode(exception);
    }

    /** Adds the request's duration to its timer. */
    public void record(CompletedRequest request) {
        RouteInfo route = request.route().orElse(null);
        HttpMethod method = request.context().request().method();
        int status = request.status();
        Class<?> exception = null;
        if (request.error().isPresent()) {
            exception = request.error().get().getClass();
            if (!delivered(request)) {
                status = -status - 1; // the client went before the response reached it: nobody saw that status
            }
        }
        int slot = slot(route, method, status, exception) & (RECENT - 1);
        Key hit = recent[slot];
        Timer timer;
        if (hit != null && hit.matches(route, method, status, exception)) {
            timer = hit.timer();
        } else {
            Key key = new Key(route, method, status, exception);
            timer = timers.computeIfAbsent(key, this::create);
            recent[slot] = new Key(route, method, status, exception, timer);
        }
        timer.record(request.durationNanos(), TimeUnit.NANOSECONDS);
    }

    /** Whether the response was written whole (read only for requests with an error: it may make a future). */
    private static boolean delivered(CompletedRequest request) {
        return !request.context().request().response().completion().toCompletableFuture()
                .isCompletedExceptionally();
    }

    private Timer create(Key key) {
        boolean lost = key.status() < 0;
        int status = lost ? -key.status() - 1 : key.status();
        Tags tags = Tags.of("method", key.method().name(), "uri", uri(key.route(), status),
                "status", Integer.toString(status), "outcome", lost ? "UNKNOWN" : outcome(status),
                "exception", key.exception() == null ? "none" : exception(key.exception()));
        Timer.Builder timer = Timer.builder(options.requestsMetricName())
                .description("Duration of HTTP server request handling").tags(tags)
                .publishPercentileHistogram(options.percentileHistogram());
        if (percentiles.length > 0) {
            timer.publishPercentiles(percentiles);
        }
        return timer.register(registry);
    }

    /** The route template; for requests no route took, what their status says of them. */
    static String uri(RouteInfo route, int status) {
        if (route != null) {
            return route.path();
        }
        if (status == 404) {
            return "NOT_FOUND";
        }
        return status >= 300 && status < 400 ? "REDIRECTION" : "UNKNOWN";
    }

    /** The class of status, as Spring names it. */
    static String outcome(int status) {
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            case 5 -> "SERVER_ERROR";
            default -> "UNKNOWN";
        };
    }

    private static String exception(Class<?> type) {
        String name = type.getSimpleName();
        return name.isEmpty() ? type.getName() : name;
    }
}
