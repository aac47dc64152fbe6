package dev.brisk.spring.boot.actuate.metrics;

import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RouteInfo;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import java.util.concurrent.TimeUnit;

/**
 * Times every request as Spring MVC does, in {@code http.server.requests}: tags {@code method}, {@code uri} (the
 * route template, {@code NOT_FOUND}, {@code REDIRECTION} or {@code UNKNOWN} for requests no route took),
 * {@code status} and {@code outcome}. A filter starts the clock before routing, a route filter notes the route, and
 * the time is recorded when the response has been written.
 */
public final class RequestMetrics {

    private static final String ROUTE = RequestMetrics.class.getName() + ".route";

    private final MeterRegistry registry;
    private final String name;

    public RequestMetrics(MeterRegistry registry, String name) {
        this.registry = registry;
        this.name = name;
    }

    /** Adds the filters to {@code server}. */
    public void register(BriskServer.Builder server) {
        server.filter((ctx, chain) -> {
            long start = System.nanoTime();
            ctx.response().completion().whenComplete((done, error) -> record(ctx, start));
            chain.proceed(ctx);
        });
        server.routeFilter((ctx, chain) -> {
            ctx.attributes().put(ROUTE, ctx.route());
            chain.proceed(ctx);
        });
    }

    private void record(RequestContext ctx, long start) {
        int status = ctx.response().status();
        RouteInfo route = (RouteInfo) ctx.attributes().get(ROUTE);
        Tags tags = Tags.of("method", ctx.request().method().name(), "uri", uri(route, status),
                "status", Integer.toString(status), "outcome", outcome(status));
        Timer.builder(name).description("Duration of HTTP server request handling").tags(tags).register(registry)
                .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    private static String uri(RouteInfo route, int status) {
        if (route != null) {
            return route.path();
        }
        if (status == 404) {
            return "NOT_FOUND";
        }
        return status >= 300 && status < 400 ? "REDIRECTION" : "UNKNOWN";
    }

    private static String outcome(int status) {
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            case 5 -> "SERVER_ERROR";
            default -> "UNKNOWN";
        };
    }
}
