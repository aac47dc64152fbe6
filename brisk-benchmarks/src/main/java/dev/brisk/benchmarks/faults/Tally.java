package dev.brisk.benchmarks.faults;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a consumer's calls did, second by second and in total: calls answered (with a value or a business
 * refusal), failed (by exception type), dropped (no caller thread free when the call was due), the latency of every
 * completed call, answered or failed, and apart the calls of the second version's method. Thread-safe; one thread
 * reads the seconds ({@link #nextSecond}).
 */
final class Tally {

    private final AtomicReference<Counts> second = new AtomicReference<>(new Counts());
    private final Counts total = new Counts();
    private final Recorder latencies = new Recorder(3);
    private final Histogram allLatencies = new Histogram(3);
    private Histogram interval;

    void answered(CallMix.Answer answer, long nanos, boolean v2) {
        second.get().answered(answer, v2);
        total.answered(answer, v2);
        latencies.recordValue(nanos / 1000);
    }

    void failed(Throwable failure, long nanos, boolean v2) {
        String type = failure.getClass().getSimpleName();
        second.get().failed(type, v2);
        total.failed(type, v2);
        latencies.recordValue(nanos / 1000);
    }

    void dropped() {
        second.get().dropped.increment();
        total.dropped.increment();
    }

    /**
     * Ends the current second: its line ({@code second=N at=EPOCH_MS ok=.. refused=.. failed=.. dropped=.. p50_ms=..
     * p99_ms=.. max_ms=.. v2_ok=.. v2_failed=.. failures=Type:n,...}), {@code ok} counting refusals and the second
     * version's calls too.
     */
    String nextSecond(int number) {
        Counts ended = second.getAndSet(new Counts());
        interval = latencies.getIntervalHistogram(interval);
        allLatencies.add(interval);
        return "second=" + number + " at=" + System.currentTimeMillis() + " " + ended.line(interval);
    }

    /** The whole run, in the format of a second's line after {@code summary}. */
    String summary() {
        return "summary " + total.line(allLatencies);
    }

    /** Counters of a span of time. */
    private static final class Counts {
        final LongAdder ok = new LongAdder();
        final LongAdder refused = new LongAdder();
        final LongAdder failed = new LongAdder();
        final LongAdder dropped = new LongAdder();
        final LongAdder v2Ok = new LongAdder();
        final LongAdder v2Failed = new LongAdder();
        final Map<String, LongAdder> failures = new ConcurrentHashMap<>();

        void answered(CallMix.Answer answer, boolean v2) {
            ok.increment();
            if (answer == CallMix.Answer.REFUSED) {
                refused.increment();
            }
            if (v2) {
                v2Ok.increment();
            }
        }

        void failed(String type, boolean v2) {
            failed.increment();
            failures.computeIfAbsent(type, t -> new LongAdder()).increment();
            if (v2) {
                v2Failed.increment();
            }
        }

        String line(Histogram latencies) {
            StringJoiner types = new StringJoiner(",");
            new TreeMap<>(failures).forEach((type, count) -> types.add(type + ":" + count.sum()));
            return String.format(Locale.ROOT, "ok=%d refused=%d failed=%d dropped=%d p50_ms=%.2f p99_ms=%.2f "
                    + "max_ms=%.2f v2_ok=%d v2_failed=%d failures=%s", ok.sum(), refused.sum(), failed.sum(),
                    dropped.sum(), millis(latencies, 50), millis(latencies, 99), latencies.getMaxValue() / 1000.0,
                    v2Ok.sum(), v2Failed.sum(), types.length() == 0 ? "-" : types.toString());
        }

        private static double millis(Histogram latencies, double percentile) {
            return latencies.getValueAtPercentile(percentile) / 1000.0;
        }
    }
}
