package dev.brisk.micrometer.collapse;

import dev.brisk.collapse.CollapseMetrics;
import dev.brisk.collapse.CollapseStats;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import io.micrometer.core.instrument.Tag;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link CollapseMetrics} for Micrometer; needs brisk-collapse on the class path, an optional dependency of
 * brisk-micrometer. One instance per collapser, told apart by the {@code collapser} tag.
 *
 * <pre>{@code
 * BatchCollapser<Long, User> users = BatchCollapser.builder(loader)
 *         .metrics(MicrometerCollapseMetrics.of(registry, "users")).build();
 * }</pre>
 *
 * <p>Meters, tagged {@code collapser} plus any common tags:
 * <ul>
 *   <li>{@code brisk.collapse.executions}, a distribution summary of the keys per shared call (the batch-size
 *   histogram; its count is the number of calls);</li>
 *   <li>{@code brisk.collapse.callers}, a distribution summary of the callers per shared call (its mean is the
 *   collapse factor);</li>
 *   <li>{@code brisk.collapse.wait}, a timer of the time callers of a batch collapser spent queued;</li>
 *   <li>counters {@code brisk.collapse.rejected}, {@code brisk.collapse.timeouts}, {@code brisk.collapse.cancelled};</li>
 *   <li>gauges {@code brisk.collapse.queue.depth} and {@code brisk.collapse.in.flight}.</li>
 * </ul>
 */
public final class MicrometerCollapseMetrics implements CollapseMetrics {

    private final MeterRegistry registry;
    private final Tags tags;
    private final DistributionSummary keys;
    private final DistributionSummary callers;
    private final Timer wait;
    private final Counter rejected;
    private final Counter timedOut;
    private final Counter cancelled;

    private MicrometerCollapseMetrics(MeterRegistry registry, Tags tags) {
        this.registry = registry;
        this.tags = tags;
        this.keys = DistributionSummary.builder("brisk.collapse.executions").baseUnit("keys")
                .description("keys per shared call").tags(tags).register(registry);
        this.callers = DistributionSummary.builder("brisk.collapse.callers").baseUnit("callers")
                .description("callers served per shared call").tags(tags).register(registry);
        this.wait = Timer.builder("brisk.collapse.wait").description("time callers spent queued for a batch")
                .tags(tags).register(registry);
        this.rejected = Counter.builder("brisk.collapse.rejected").tags(tags).register(registry);
        this.timedOut = Counter.builder("brisk.collapse.timeouts").tags(tags).register(registry);
        this.cancelled = Counter.builder("brisk.collapse.cancelled").tags(tags).register(registry);
    }

    /** Metrics of the collapser called {@code name}, registered in {@code registry}. */
    public static MicrometerCollapseMetrics of(MeterRegistry registry, String name) {
        return of(registry, name, Tags.empty());
    }

    /** Like {@link #of(MeterRegistry, String)}, with common tags on every meter. */
    public static MicrometerCollapseMetrics of(MeterRegistry registry, String name, Iterable<Tag> tags) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(name, "name");
        return new MicrometerCollapseMetrics(registry, Tags.of(tags).and("collapser", name));
    }

    @Override
    public void bind(Supplier<CollapseStats> stats) {
        // held strongly: the registry keeps gauge objects weakly, and nothing else holds this supplier
        Gauge.builder("brisk.collapse.queue.depth", stats, s -> s.get().queueDepth())
                .description("callers queued for a batch").tags(tags).strongReference(true).register(registry);
        Gauge.builder("brisk.collapse.in.flight", stats, s -> s.get().inFlight())
                .description("shared calls running").tags(tags).strongReference(true).register(registry);
    }

    @Override
    public void executed(int keyCount, int callerCount) {
        keys.record(keyCount);
        callers.record(callerCount);
    }

    @Override
    public void waited(long nanos) {
        wait.record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void rejected() {
        rejected.increment();
    }

    @Override
    public void timedOut() {
        timedOut.increment();
    }

    @Override
    public void cancelled() {
        cancelled.increment();
    }
}
