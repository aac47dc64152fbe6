package dev.brisk.benchmarks.report;

import java.util.Locale;
import java.util.Optional;

/** A measured quantity of the result files, as {@code bench/report.sh} names it, and how the page shows it. */
enum Metric {
    RPS("rps", "req/s", false, 0),
    P99_MS("p99_ms", "p99 ms", true, 2),
    CPU_US("cpu_us", "CPU µs/req", true, 2),
    CALLER_CPU_US("caller_cpu_us", "caller CPU µs/call", true, 2),
    BACKEND_CALLS("backend_calls", "backend calls", true, 0),
    FIRST_MS("first_ms", "first response ms", true, 0),
    CPU_MS("cpu_ms", "CPU ms until then", true, 0),
    RSS_MIB("rss_mib", "RSS MiB", true, 1),
    NS_OP("ns_op", "ns/lookup", true, 1),
    B_OP("b_op", "B/lookup", true, 0),
    ERRORS("errors", "errors", true, 0);

    private final String key;
    private final String label;
    private final boolean lowerIsBetter;
    private final int decimals;

    Metric(String key, String label, boolean lowerIsBetter, int decimals) {
        this.key = key;
        this.label = label;
        this.lowerIsBetter = lowerIsBetter;
        this.decimals = decimals;
    }

    /** The metric a result file names {@code key}; empty for the ones the page does not show (such as p50). */
    static Optional<Metric> of(String key) {
        for (Metric metric : values()) {
            if (metric.key.equals(key)) {
                return Optional.of(metric);
            }
        }
        return Optional.empty();
    }

    /** The column header. */
    String label() {
        return label;
    }

    /** The decimals the page prints. */
    int decimals() {
        return decimals;
    }

    /** A cost (CPU, time, memory) rather than a throughput. */
    boolean lowerIsBetter() {
        return lowerIsBetter;
    }

    /** Errors are added up over the windows; every other metric is shown as its median. */
    boolean summed() {
        return this == ERRORS || this == BACKEND_CALLS;
    }

    /** The value as the page prints it: thousands grouped, this metric's decimals. */
    String format(double value) {
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }

    /**
     * How many times better Brisk is than a peer on this metric: the peer's value over Brisk's for a cost, Brisk's
     * over the peer's for a throughput. Above 1, Brisk is better.
     */
    double advantage(double brisk, double peer) {
        return lowerIsBetter ? peer / brisk : brisk / peer;
    }
}
