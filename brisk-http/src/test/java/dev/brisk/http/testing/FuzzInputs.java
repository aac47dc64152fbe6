package dev.brisk.http.testing;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the inputs a fuzz test ({@code @FuzzTest}) ran through its checks and records the count as a row of the
 * {@link ReliabilityReport} (area {@code fuzzing}). A harness calls {@link #passed()} once per input, after its
 * assertions, and {@link #record()} from an {@code @AfterAll}; a test that was skipped (in fuzzing mode Jazzer runs
 * one fuzz test per JVM) ran no input and records nothing.
 */
public final class FuzzInputs {

    private final String test;
    private final String proves;
    private final AtomicLong passed = new AtomicLong();

    /**
     * @param test   the fuzz test, as {@code Class.method}
     * @param proves what passing shows, in one sentence
     */
    public FuzzInputs(String test, String proves) {
        this.test = test;
        this.proves = proves;
    }

    /** One input went through every check of the harness. */
    public void passed() {
        passed.incrementAndGet();
    }

    public long count() {
        return passed.get();
    }

    /** Writes the row: the number of inputs and whether they came from fuzzing or from the seed corpus only. */
    public void record() {
        long count = passed.get();
        if (count == 0) {
            return;
        }
        String mode = fuzzing() ? "fuzzing run (JAZZER_FUZZ)" : "seed corpus only (regression mode)";
        ReliabilityReport.record("fuzzing", test, proves, count + " inputs executed, " + mode);
    }

    /** Whether Jazzer fuzzes in this JVM: as Jazzer decides it, {@code JAZZER_FUZZ} is {@code 1}, true or yes. */
    public static boolean fuzzing() {
        return truthy(System.getenv("JAZZER_FUZZ")) || truthy(System.getProperty("JAZZER_FUZZ"));
    }

    private static boolean truthy(String value) {
        return value != null && (value.equals("1") || value.equalsIgnoreCase("true") || value.equalsIgnoreCase("yes"));
    }
}
