package dev.brisk.benchmarks.client;

import java.util.Locale;

/**
 * The result of one run, printed as the launcher's one summary line.
 *
 * @param rps    successful requests per second over the measured window
 * @param p50Ms  median latency of successful requests, milliseconds
 * @param p99Ms  99th percentile latency, milliseconds
 * @param errors failed requests and unexpected responses in the window
 * @param cpuUs  CPU time of this process per completed request (successful or not), microseconds
 */
public record Summary(double rps, double p50Ms, double p99Ms, long errors, double cpuUs) {

    /** {@code rps=<n> p50_ms=<x> p99_ms=<y> errors=<k> cpu_us=<c>} */
    public String line() {
        return String.format(Locale.ROOT, "rps=%.0f p50_ms=%.3f p99_ms=%.3f errors=%d cpu_us=%.2f",
                rps, p50Ms, p99Ms, errors, cpuUs);
    }
}
