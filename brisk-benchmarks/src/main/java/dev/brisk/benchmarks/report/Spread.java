package dev.brisk.benchmarks.report;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;

/**
 * The median of some values and their range.
 *
 * @param median the middle value (the mean of the two middle ones for an even count)
 * @param min the smallest value
 * @param max the largest value
 * @param count how many values
 */
record Spread(double median, double min, double max, int count) {

    static Spread of(Collection<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        return new Spread(median, sorted[0], sorted[sorted.length - 1], sorted.length);
    }

    /** {@code 1.23× (1.10–1.31)} for a ratio; the range is left out when there was only one value. */
    String ratio() {
        String median = String.format(Locale.ROOT, "%.2f×", this.median);
        return count == 1 ? median : String.format(Locale.ROOT, "%s (%.2f–%.2f)", median, min, max);
    }
}
