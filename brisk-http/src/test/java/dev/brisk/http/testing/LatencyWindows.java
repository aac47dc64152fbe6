package dev.brisk.http.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * A client's latencies in windows of time, summed up as the median of the windows' p99s: the p99 of one window is set
 * by a handful of requests, so one collection or scheduling hiccup on a small machine moves a pooled figure by
 * milliseconds, while the median window is what the client sees as a rule. The rule of {@code SlowClientsTest}, with
 * windows of time instead of rounds of a fixed count, so that a stalled server cannot stretch one round without end.
 */
public final class LatencyWindows {

    private final List<LatencyProbe.Stats> windows = new ArrayList<>();
    private int failures;
    private String firstFailure;

    /** Adds one window's latencies (µs). */
    public void add(long[] micros) {
        if (micros.length > 0) {
            windows.add(LatencyProbe.Stats.of(micros));
        }
    }

    /** Counts a request that failed or was not answered. */
    public void failed(Exception cause) {
        failures++;
        if (firstFailure == null) {
            firstFailure = cause.toString();
        }
    }

    public int windows() {
        return windows.size();
    }

    public int failures() {
        return failures;
    }

    public String firstFailure() {
        return firstFailure;
    }

    public int requests() {
        return windows.stream().mapToInt(LatencyProbe.Stats::requests).sum();
    }

    /** The median of the windows' p99s (µs); {@link Long#MAX_VALUE} without any window. */
    public long p99() {
        long[] p99s = windows.stream().mapToLong(LatencyProbe.Stats::p99).sorted().toArray();
        return p99s.length == 0 ? Long.MAX_VALUE : p99s[p99s.length / 2];
    }

    /** The worst window's p99 (µs). */
    public long worstP99() {
        return windows.stream().mapToLong(LatencyProbe.Stats::p99).max().orElse(Long.MAX_VALUE);
    }

    @Override
    public String toString() {
        if (windows.isEmpty()) {
            return "no window (" + failures + " failed requests)";
        }
        long best = windows.stream().mapToLong(LatencyProbe.Stats::p99).min().orElseThrow();
        return String.format("%d µs (%d windows of p99 %d-%d µs, %d requests, %d failed)", p99(), windows.size(),
                best, worstP99(), requests(), failures);
    }
}
