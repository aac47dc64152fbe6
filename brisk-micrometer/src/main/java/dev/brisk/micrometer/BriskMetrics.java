package dev.brisk.micrometer;

import dev.brisk.micrometer.internal.Prometheus;
import dev.brisk.micrometer.internal.RequestTimers;
import dev.brisk.micrometer.internal.ServerMeters;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Route;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.observe.CompletedRequest;
import dev.brisk.rest.observe.RequestObserver;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Micrometer meters of Brisk servers, installed as a {@link Feature}:
 *
 * <pre>{@code
 * BriskMetrics metrics = BriskMetrics.prometheus();
 * BriskServer server = Brisk.server().port(8080).feature(metrics).route(metrics.scrapeRoute())...start();
 * }</pre>
 *
 * The Prometheus scrape route is a route like any other, served where the application chooses (this server, a
 * management port) or not at all when another component exports the registry.
 *
 * <p>It times every request in {@code http.server.requests} with the tags Spring Boot uses: {@code method}, {@code uri}
 * (the route template such as {@code /users/{id}}, never the raw path; {@code NOT_FOUND}, {@code REDIRECTION} or
 * {@code UNKNOWN} when no route took the request), {@code status}, {@code outcome} and {@code exception}. Once the
 * server listens it registers gauges of its state ({@code brisk.connections.*}, {@code brisk.requests*},
 * {@code brisk.scheduler.*}, {@code brisk.eventloop.pending}), and removes them when it stops. One instance may
 * observe several servers in turn; servers running at once should use registries of their own, or their gauges clash.
 */
public final class BriskMetrics implements Feature {

    private final MeterRegistry registry;
    private final MetricsOptions options;
    private final RequestTimers timers;
    private final Map<BriskServer, ServerMeters> bound = new ConcurrentHashMap<>();

    private BriskMetrics(MeterRegistry registry, MetricsOptions options) {
        this.registry = Objects.requireNonNull(registry, "registry must not be null");
        this.options = Objects.requireNonNull(options, "options must not be null");
        this.timers = new RequestTimers(registry, options);
    }

    /** Meters in {@code registry}, with the default options. */
    public static BriskMetrics of(MeterRegistry registry) {
        return of(registry, MetricsOptions.DEFAULT);
    }

    /** Meters in {@code registry}, as {@code options} say. */
    public static BriskMetrics of(MeterRegistry registry, MetricsOptions options) {
        return new BriskMetrics(registry, options);
    }

    /**
     * Meters in a new Prometheus registry (default configuration), for {@link #scrapeRoute()}.
     *
     * @throws IllegalStateException when {@code io.micrometer:micrometer-registry-prometheus} is not on the class path
     */
    public static BriskMetrics prometheus() {
        return prometheus(MetricsOptions.DEFAULT);
    }

    /** Like {@link #prometheus()}, as {@code options} say. */
    public static BriskMetrics prometheus(MetricsOptions options) {
        return of(Prometheus.newRegistry(), options);
    }

    /** The registry the meters are in. */
    public MeterRegistry registry() {
        return registry;
    }

    /** The options. */
    public MetricsOptions options() {
        return options;
    }

    /**
     * The Prometheus scrape route: {@code GET} {@link MetricsOptions#scrapePath()} (default {@code /metrics}) answers
     * the registry's meters in Prometheus text format 0.0.4, or OpenMetrics 1.0 when the request accepts
     * {@code application/openmetrics-text}. It runs on the worker scheduler, since a large registry takes a while to
     * write. The registry is the Prometheus one, or the first one inside a composite registry.
     *
     * @throws IllegalStateException when the registry is no Prometheus registry and holds none, or
     *                               {@code micrometer-registry-prometheus} is not on the class path
     */
    public Route scrapeRoute() {
        return Prometheus.scrapeRoute(registry, options.scrapePath());
    }

    /** Observes the server's requests, and registers its gauges while it runs. */
    @Override
    public void install(FeatureContext context) {
        context.observer(observer);
    }

    /** Times requests; binds the gauges of a started server and removes them when it stops (its timers stay). */
    private final RequestObserver observer = new RequestObserver() {
        @Override
        public void completed(CompletedRequest request) {
            timers.record(request);
        }

        @Override
        public void started(BriskServer server) {
            if (options.serverMeters()) {
                bound.computeIfAbsent(server, s -> ServerMeters.bind(s, registry));
            }
        }

        @Override
        public void stopped(BriskServer server) {
            ServerMeters meters = bound.remove(server);
            if (meters != null) {
                meters.remove();
            }
        }

        @Override
        public String toString() {
            return BriskMetrics.this.toString();
        }
    };

    @Override
    public String toString() {
        return "BriskMetrics[" + registry.getClass().getSimpleName() + ", " + options + "]";
    }
}
