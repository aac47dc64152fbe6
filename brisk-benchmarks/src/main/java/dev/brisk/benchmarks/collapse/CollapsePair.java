package dev.brisk.benchmarks.collapse;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code collapse --mode A,B --scenario client}: two load clients in one process, one per mode, run at the same time
 * against the same server, each with its own event loop and {@code concurrency} lanes; each window measures both at
 * once. Whatever slows the machine down during a window slows both, and both run the same JIT-compiled code where
 * their paths are the same, so the ratio of their event loops' CPU time per request reads a cost of a few percent
 * that two processes measured one after the other cannot (their windows move by more than that from one to the next).
 *
 * <p>Prints, per window, each load's summary line with {@code loop_us=<x>} (the CPU time per request of its client's
 * event loop, where the lanes, the client and the interceptor run), then the median and range of B ÷ A over the
 * windows. {@code --mode off,off} measures the method itself: its ratio should come out at 1.
 */
final class CollapsePair {

    private CollapsePair() {
    }

    static void run(CollapseRun a, CollapseRun b, String baseUrl, int windows, PrintStream out)
            throws InterruptedException {
        try (CollapseLoad first = new CollapseLoad(a, baseUrl); CollapseLoad second = new CollapseLoad(b, baseUrl)) {
            first.start();
            second.start();
            Thread.sleep(a.warmup().toMillis());
            double[] loopRatios = new double[windows];
            double[] rpsRatios = new double[windows];
            for (int window = 0; window < windows; window++) {
                first.beginWindow();
                second.beginWindow();
                Thread.sleep(a.duration().toMillis());
                CollapseLoad.Window one = first.endWindow();
                CollapseLoad.Window two = second.endWindow();
                loopRatios[window] = two.loopUs() / one.loopUs();
                rpsRatios[window] = two.summary().rps() / one.summary().rps();
                out.println(String.format(Locale.ROOT, "window %d %s: %s loop_us=%.3f", window + 1, mode(a),
                        one.summary().line(), one.loopUs()));
                out.println(String.format(Locale.ROOT, "window %d %s: %s loop_us=%.3f", window + 1, mode(b),
                        two.summary().line(), two.loopUs()));
                out.flush();
            }
            out.println(String.format(Locale.ROOT, "loop_us %s/%s: median %.4f (%.4f-%.4f) over %d windows;"
                            + " rps %s/%s: median %.4f (%.4f-%.4f)", mode(b), mode(a), median(loopRatios),
                    min(loopRatios), max(loopRatios), windows, mode(b), mode(a), median(rpsRatios), min(rpsRatios),
                    max(rpsRatios)));
            out.flush();
            first.stop();
            second.stop();
        }
    }

    private static String mode(CollapseRun run) {
        return run.collapse() ? "on" : "off";
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
