package dev.brisk.benchmarks.client;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.LongAdder;

/**
 * Collects request outcomes from any thread and turns the measured window into a {@link Summary}: latencies go to an
 * HdrHistogram recorder (wait-free for writers), errors to a counter, and the process CPU time is read at both ends.
 */
public final class Measurement {

    private final Recorder latencies = new Recorder(3);
    private final LongAdder errors = new LongAdder();
    private final OperatingSystemMXBean os = operatingSystem();
    private long startNanos;
    private long startCpu;

    /** Records one successful request that took {@code nanos}. */
    public void ok(long nanos) {
        latencies.recordValue(Math.max(0, nanos));
    }

    /** Records one failed or unexpected response. */
    public void error() {
        errors.increment();
    }

    /** Starts the measured window: everything recorded so far (the warm-up) is dropped. */
    public void begin() {
        latencies.getIntervalHistogram();
        errors.reset();
        startCpu = os.getProcessCpuTime();
        startNanos = System.nanoTime();
    }

    /** Ends the measured window and summarizes it. */
    public Summary end() {
        long cpu = os.getProcessCpuTime() - startCpu;
        long elapsed = System.nanoTime() - startNanos;
        Histogram histogram = latencies.getIntervalHistogram();
        long failed = errors.sum();
        long ok = histogram.getTotalCount();
        long completed = ok + failed;
        return new Summary(
                ok * 1e9 / elapsed,
                histogram.getValueAtPercentile(50) / 1e6,
                histogram.getValueAtPercentile(99) / 1e6,
                failed,
                completed == 0 ? 0 : cpu / 1e3 / completed);
    }

    private static OperatingSystemMXBean operatingSystem() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean bean
                && bean.getProcessCpuTime() >= 0) {
            return bean;
        }
        throw new IllegalStateException("this JVM does not report the process CPU time"
                + " (com.sun.management.OperatingSystemMXBean#getProcessCpuTime); cpu_us cannot be measured");
    }
}
