package dev.brisk.benchmarks.report;

import java.util.Arrays;
import java.util.List;

/**
 * One table of an area (a scenario, such as {@code GET /hello}): a row per implementation, in the order measured.
 *
 * @param name the scenario
 * @param rows the implementations
 * @param jvmStarts how many JVM starts the windows come from
 * @param rounds how many windows each JVM start measured
 */
record TableResult(String name, List<ImplResult> rows, int jvmStarts, int rounds) {

    /** Brisk's implementations in this table. */
    List<String> briskImpls() {
        return rows.stream().filter(ImplResult::brisk).map(ImplResult::impl).toList();
    }

    /** The metrics measured for any implementation, in the order of {@link Metric}. */
    List<Metric> metrics() {
        return Arrays.stream(Metric.values()).filter(metric -> rows.stream().anyMatch(row -> row.has(metric))).toList();
    }
}
