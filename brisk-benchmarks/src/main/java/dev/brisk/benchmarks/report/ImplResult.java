package dev.brisk.benchmarks.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One implementation's row of a table: its values per metric and window, and how Brisk compares with it.
 */
final class ImplResult {

    private final String impl;
    private final Map<Metric, Map<String, Double>> values = new LinkedHashMap<>();
    private final List<Advantage> advantages = new ArrayList<>();

    ImplResult(String impl) {
        this.impl = impl;
    }

    /** A ratio of Brisk's implementation {@code brisk} against this one on {@code metric}, over the windows. */
    record Advantage(String brisk, Metric metric, Spread ratio) {
    }

    String impl() {
        return impl;
    }

    /** Whether this row is one of Brisk's implementations (its name says so). */
    boolean brisk() {
        return impl.contains("brisk");
    }

    void add(Metric metric, String window, double value) {
        values.computeIfAbsent(metric, key -> new LinkedHashMap<>()).put(window, value);
    }

    /** The value of {@code metric} per window. */
    Map<String, Double> windows(Metric metric) {
        return values.getOrDefault(metric, Map.of());
    }

    boolean has(Metric metric) {
        return values.containsKey(metric);
    }

    /** The median and range of {@code metric} over the windows. */
    Optional<Spread> spread(Metric metric) {
        Map<String, Double> windows = windows(metric);
        return windows.isEmpty() ? Optional.empty() : Optional.of(Spread.of(windows.values()));
    }

    /** What the table shows for {@code metric}: the sum for a counted metric, else the median; empty if unmeasured. */
    Optional<Double> shown(Metric metric) {
        if (!metric.summed()) {
            return spread(metric).map(Spread::median);
        }
        Map<String, Double> windows = windows(metric);
        return windows.isEmpty() ? Optional.empty()
                : Optional.of(windows.values().stream().mapToDouble(Double::doubleValue).sum());
    }

    void addAdvantage(Advantage advantage) {
        advantages.add(advantage);
    }

    /** Brisk's advantages over this implementation: none in Brisk's own rows. */
    List<Advantage> advantages() {
        return advantages;
    }

    /** The advantage of {@code brisk} on {@code metric}, if it was measured in the same windows. */
    Optional<Advantage> advantage(String brisk, Metric metric) {
        return advantages.stream().filter(a -> a.brisk().equals(brisk) && a.metric() == metric).findFirst();
    }
}
