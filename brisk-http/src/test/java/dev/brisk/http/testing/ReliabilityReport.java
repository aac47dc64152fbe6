package dev.brisk.http.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Rows of the reliability report, written by the reliability tests themselves: which test ran, what it proves and
 * what it measured (load held, faults survived, inputs tried). Each test class writes
 * {@code target/reliability/<class>.tsv} in its module; {@code scripts/reliability-report.py} collects every module's
 * rows into {@code docs/reliability.md}.
 */
public final class ReliabilityReport {

    private static final Map<String, Map<String, String>> ROWS = new LinkedHashMap<>();

    private ReliabilityReport() {
    }

    /**
     * Records one row; call it at the end of a test, after its assertions passed, with the figures the test measured.
     *
     * @param area     a short group name (e.g. {@code HTTP/1.1 attacks}, {@code slow clients}, {@code fuzzing})
     * @param test     the test, as {@code Class.method} or {@code Class[case]}
     * @param proves   what passing shows, in one sentence
     * @param measured what was measured in this run (numbers with units)
     */
    public static synchronized void record(String area, String test, String proves, String measured) {
        String file = test.contains(".") ? test.substring(0, test.indexOf('.')) : test.replaceAll("\\[.*", "");
        ROWS.computeIfAbsent(file, k -> new LinkedHashMap<>())
                .put(test, clean(area) + '\t' + clean(test) + '\t' + clean(proves) + '\t' + clean(measured));
        Path dir = Path.of("target", "reliability");
        try {
            Files.createDirectories(dir);
            Files.write(dir.resolve(file.replaceAll("[^A-Za-z0-9_.-]", "_") + ".tsv"),
                    ROWS.get(file).values(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String clean(String text) {
        return text.replace('\t', ' ').replace('\n', ' ').replace("|", "\\|");
    }
}
