package dev.brisk.rest.internal.observe;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;
import dev.brisk.rest.observe.HealthCheck;
import dev.brisk.rest.observe.HealthOptions;
import dev.brisk.rest.observe.HealthResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * The liveness and readiness routes: every check runs (synchronous ones on the route's worker thread, asynchronous ones
 * wherever they complete), each bounded by the timeout; the answer is 200 when all are UP, else 503, with a JSON body
 * listing each check. Readiness has the built-in {@code draining} check.
 */
public final class HealthRoutes {

    private HealthRoutes() {
    }

    /** The two routes; {@code draining} tells whether a graceful shutdown has begun. */
    public static List<Route> routes(HealthOptions options, BooleanSupplier draining) {
        Map<String, HealthCheck> readiness = new LinkedHashMap<>();
        readiness.put("draining", () -> draining.getAsBoolean()
                ? HealthResult.down().withDetail("reason", "the server is shutting down") : HealthResult.up());
        readiness.putAll(options.readinessChecks());
        long timeoutNanos = options.timeout().toNanos();
        return List.of(
                Route.get(options.livenessPath()).scheduler(Schedulers.WORKER)
                        .handler(ctx -> answer(ctx, options.livenessChecks(), timeoutNanos)),
                Route.get(options.readinessPath()).scheduler(Schedulers.WORKER)
                        .handler(ctx -> answer(ctx, readiness, timeoutNanos)));
    }

    private static void answer(RequestContext ctx, Map<String, HealthCheck> checks, long timeoutNanos) {
        ctx.async();
        List<String> names = new ArrayList<>(checks.keySet());
        List<CompletableFuture<HealthResult>> results = new ArrayList<>(names.size());
        for (HealthCheck check : checks.values()) {
            results.add(run(check, timeoutNanos));
        }
        CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).whenComplete((ignored, error) -> {
            boolean up = true;
            StringBuilder body = new StringBuilder(64).append("{\"status\":\"");
            int statusAt = body.length();
            body.append("\",\"checks\":{");
            for (int i = 0; i < names.size(); i++) {
                HealthResult result = results.get(i).join();
                up &= result.isUp();
                if (i > 0) {
                    body.append(',');
                }
                Json.quote(body, names.get(i)).append(":{\"status\":\"").append(result.status()).append('"');
                if (!result.details().isEmpty()) {
                    body.append(",\"details\":{");
                    boolean first = true;
                    for (Map.Entry<String, Object> detail : result.details().entrySet()) {
                        if (!first) {
                            body.append(',');
                        }
                        first = false;
                        Json.value(Json.quote(body, detail.getKey()).append(':'), detail.getValue());
                    }
                    body.append('}');
                }
                body.append('}');
            }
            body.append("}}");
            body.insert(statusAt, up ? "UP" : "DOWN");
            ctx.response().status(up ? 200 : 503)
                    .header("content-type", "application/json")
                    .header("cache-control", "no-store")
                    .send(body.toString());
        });
    }

    /** One check's result, DOWN when it throws, fails or does not answer in time; never fails itself. */
    private static CompletableFuture<HealthResult> run(HealthCheck check, long timeoutNanos) {
        CompletableFuture<HealthResult> result;
        try {
            result = check.checkAsync().toCompletableFuture().copy();
        } catch (Throwable t) {
            result = CompletableFuture.failedFuture(t);
        }
        return result.orTimeout(timeoutNanos, TimeUnit.NANOSECONDS).handle((value, error) -> {
            if (error == null && value != null) {
                return value;
            }
            Throwable cause = error instanceof CompletionException && error.getCause() != null
                    ? error.getCause() : error;
            return cause instanceof TimeoutException ? HealthResult.down().withDetail("error", "timed out")
                    : HealthResult.down().withDetail("error", cause == null ? "no result" : cause.toString());
        });
    }
}
