package dev.brisk.benchmarks.report;

/**
 * One measured value: a metric of one implementation in one window.
 *
 * @param area the report area ({@code server}, {@code rest}, ...)
 * @param table the table of the area it belongs to (a scenario, such as {@code GET /hello})
 * @param impl the implementation measured
 * @param jvmStart which start of the implementation's JVM (1, 2, ...)
 * @param round the window of that JVM start
 * @param metric the metric's key ({@code rps}, {@code cpu_us}, ...)
 * @param value the value
 */
record Sample(String area, String table, String impl, int jvmStart, int round, String metric, double value) {

    /** The window this value was measured in, the same for every implementation of that window. */
    String window() {
        return jvmStart + "/" + round;
    }
}
