package dev.brisk.micrometer.client;

import dev.brisk.client.ClientMetrics;
import dev.brisk.client.PoolView;
import dev.brisk.http.common.Protocol;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.netty.handler.codec.http.HttpMethod;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * {@link ClientMetrics} for Micrometer. Needs brisk-client on the class path, an optional dependency of
 * brisk-micrometer.
 *
 * <pre>{@code
 * BriskClient client = BriskClient.builder().metrics(MicrometerClientMetrics.of(registry)).build();
 * }</pre>
 *
 * <p>Meters, all tagged {@code host} ({@code scheme://host:port}) plus any common tags given to {@link #of(MeterRegistry,
 * Iterable)}:
 * <ul>
 *   <li>{@code brisk.client.requests}, a timer of calls, also tagged {@code method}, {@code status} (the final
 *   response's code, or the simple name of the exception for a call that got no response), {@code outcome}
 *   ({@code SUCCESS}, {@code REDIRECTION}, {@code CLIENT_ERROR}, {@code SERVER_ERROR}, {@code INFORMATIONAL},
 *   {@code UNKNOWN} for other codes, {@code FAILURE} without a response) and {@code protocol}, the HTTP version of
 *   the final response ({@code http1}, {@code http2} or {@code http3}, the values of the server's connection gauges;
 *   {@code none} without a response);</li>
 *   <li>gauges {@code brisk.client.pool.active}, {@code .idle}, {@code .pending} and {@code .connections} per host pool
 *   (see {@link PoolView}), removed when the pool is dropped.</li>
 * </ul>
 * Two clients that report the same host to one registry share its gauges; give each client its own common tag (for
 * example {@code client=payments}) to tell them apart.
 */
public final class MicrometerClientMetrics implements ClientMetrics {

    /** Name of the timer of calls. */
    public static final String REQUESTS = "brisk.client.requests";
    /** Prefix of the pool gauges. */
    public static final String POOL = "brisk.client.pool.";

    private final MeterRegistry registry;
    private final Tags commonTags;
    private final Map<PoolView, List<Meter>> poolGauges = new ConcurrentHashMap<>();

    private MicrometerClientMetrics(MeterRegistry registry, Tags commonTags) {
        this.registry = registry;
        this.commonTags = commonTags;
    }

    /** Metrics that register their meters in {@code registry}. */
    public static MicrometerClientMetrics of(MeterRegistry registry) {
        return of(registry, Tags.empty());
    }

    /** Metrics that register their meters in {@code registry}, each with {@code commonTags} added. */
    public static MicrometerClientMetrics of(MeterRegistry registry, Iterable<Tag> commonTags) {
        return new MicrometerClientMetrics(Objects.requireNonNull(registry, "registry"),
                Tags.of(Objects.requireNonNull(commonTags, "commonTags")));
    }

    /** A call that came back without saying over which protocol: tagged {@code protocol=unknown}. */
    @Override
    public void callCompleted(String host, HttpMethod method, int status, long durationNanos) {
        record(host, method, Integer.toString(status), outcome(status), "unknown", durationNanos);
    }

    @Override
    public void callCompleted(String host, HttpMethod method, int status, Protocol protocol, long durationNanos) {
        record(host, method, Integer.toString(status), outcome(status), protocolTag(protocol), durationNanos);
    }

    @Override
    public void callFailed(String host, HttpMethod method, Throwable failure, long durationNanos) {
        record(host, method, exceptionName(failure), "FAILURE", "none", durationNanos);
    }

    private void record(String host, HttpMethod method, String status, String outcome, String protocol,
                        long durationNanos) {
        Timer.builder(REQUESTS)
                .description("Calls of the Brisk HTTP client, retries and redirects included")
                .tags(commonTags)
                .tag("host", host)
                .tag("method", method.name())
                .tag("status", status)
                .tag("outcome", outcome)
                .tag("protocol", protocol)
                .register(registry)
                .record(durationNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void poolCreated(PoolView pool) {
        List<Meter> gauges = List.of(
                gauge(pool, "active", "Connections or HTTP/2 streams leased to calls", PoolView::active),
                gauge(pool, "idle", "Open connections carrying nothing", PoolView::idle),
                gauge(pool, "pending", "Calls waiting for a connection", PoolView::pending),
                gauge(pool, "connections", "Open connections, including those being set up",
                        PoolView::connections));
        poolGauges.put(pool, gauges);
    }

    private Gauge gauge(PoolView pool, String name, String description, ToDoubleFunction<PoolView> value) {
        return Gauge.builder(POOL + name, pool, value)
                .description(description)
                .tags(commonTags)
                .tag("host", pool.host())
                .strongReference(true)
                .register(registry);
    }

    @Override
    public void poolRemoved(PoolView pool) {
        List<Meter> gauges = poolGauges.remove(pool);
        if (gauges != null) {
            gauges.forEach(registry::remove);
        }
    }

    static String outcome(int status) {
        if (status >= 200 && status < 300) {
            return "SUCCESS";
        } else if (status >= 300 && status < 400) {
            return "REDIRECTION";
        } else if (status >= 400 && status < 500) {
            return "CLIENT_ERROR";
        } else if (status >= 500 && status < 600) {
            return "SERVER_ERROR";
        } else if (status >= 100 && status < 200) {
            return "INFORMATIONAL";
        }
        return "UNKNOWN";
    }

    /** The protocol as the server's connection gauges name it: HTTP/1.0 and HTTP/1.1 are both {@code http1}. */
    static String protocolTag(Protocol protocol) {
        return switch (protocol) {
            case HTTP_1_0, HTTP_1_1 -> "http1";
            case HTTP_2 -> "http2";
            case HTTP_3 -> "http3";
        };
    }

    private static String exceptionName(Throwable failure) {
        String name = failure.getClass().getSimpleName();
        return name.isEmpty() ? failure.getClass().getName() : name;
    }
}
