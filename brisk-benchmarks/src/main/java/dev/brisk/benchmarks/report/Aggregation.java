package dev.brisk.benchmarks.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns samples into results: per area and table, each implementation's values by window, and Brisk's advantage over
 * each peer as the median and range of the per-window ratios (a ratio only compares values of the same window: the
 * same round of the same JVM start, measured seconds apart).
 */
final class Aggregation {

    private Aggregation() {
    }

    /** The areas measured, in the report's order; metrics the page does not show are left out. */
    static List<AreaResult> aggregate(List<Sample> samples) {
        Map<Area, Map<String, Map<String, ImplResult>>> byArea = new EnumMap<>(Area.class);
        Map<String, Set<Integer>> starts = new LinkedHashMap<>();
        Map<String, Set<Integer>> rounds = new LinkedHashMap<>();
        for (Sample sample : samples) {
            Area area = Area.of(sample.area())
                    .orElseThrow(() -> new IllegalArgumentException("unknown area " + sample.area()));
            Optional<Metric> metric = Metric.of(sample.metric());
            if (metric.isEmpty()) {
                continue;
            }
            byArea.computeIfAbsent(area, key -> new LinkedHashMap<>())
                    .computeIfAbsent(sample.table(), key -> new LinkedHashMap<>())
                    .computeIfAbsent(sample.impl(), ImplResult::new)
                    .add(metric.get(), sample.window(), sample.value());
            String table = area.id() + "\t" + sample.table();
            starts.computeIfAbsent(table, key -> new HashSet<>()).add(sample.jvmStart());
            rounds.computeIfAbsent(table, key -> new HashSet<>()).add(sample.round());
        }
        List<AreaResult> results = new ArrayList<>();
        byArea.forEach((area, tables) -> {
            List<TableResult> tableResults = new ArrayList<>();
            tables.forEach((name, rows) -> {
                String table = area.id() + "\t" + name;
                TableResult result = new TableResult(name, List.copyOf(rows.values()), starts.get(table).size(),
                        rounds.get(table).size());
                compare(area, result);
                tableResults.add(result);
            });
            results.add(new AreaResult(area, List.copyOf(tableResults)));
        });
        return results;
    }

    /** Adds to each peer's row Brisk's advantage of each of Brisk's implementations, on both metrics of the area. */
    private static void compare(Area area, TableResult table) {
        List<ImplResult> brisk = table.rows().stream().filter(ImplResult::brisk).toList();
        for (ImplResult peer : table.rows()) {
            if (peer.brisk()) {
                continue;
            }
            for (ImplResult ours : brisk) {
                if (!area.compares(ours.impl(), peer.impl())) {
                    continue;
                }
                for (Metric metric : List.of(area.headline(), area.second())) {
                    ratios(metric, ours, peer).ifPresent(ratio ->
                            peer.addAdvantage(new ImplResult.Advantage(ours.impl(), metric, ratio)));
                }
            }
        }
    }

    /** Brisk's advantage in each window both measured, with a value above zero. */
    static Optional<Spread> ratios(Metric metric, ImplResult brisk, ImplResult peer) {
        List<Double> ratios = new ArrayList<>();
        brisk.windows(metric).forEach((window, ours) -> {
            Double theirs = peer.windows(metric).get(window);
            if (theirs != null && ours > 0 && theirs > 0) {
                ratios.add(metric.advantage(ours, theirs));
            }
        });
        return ratios.isEmpty() ? Optional.empty() : Optional.of(Spread.of(ratios));
    }
}
