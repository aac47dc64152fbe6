package dev.brisk.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code run.tsv}, what a report run records about itself: one {@code key<TAB>value} a line (the machine, the
 * date, the command; per area {@code <area>.command}, {@code <area>.note}, {@code <area>.failed}), a key may repeat.
 */
final class RunInfo {

    private final Map<String, List<String>> values;

    private RunInfo(Map<String, List<String>> values) {
        this.values = values;
    }

    static RunInfo read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    static RunInfo parse(List<String> lines) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String line : lines) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                values.computeIfAbsent(line.substring(0, tab), key -> new ArrayList<>()).add(line.substring(tab + 1));
            }
        }
        return new RunInfo(values);
    }

    /** The first value of {@code key}, or {@code fallback}. */
    String value(String key, String fallback) {
        List<String> all = values.get(key);
        return all == null || all.get(0).isBlank() ? fallback : all.get(0);
    }

    /** Every value of {@code key}, in the order written. */
    List<String> values(String key) {
        return values.getOrDefault(key, List.of());
    }

    /** A smoke run ({@code QUICK=1}), whose figures mean nothing. */
    boolean quick() {
        return !value("mode", "").isEmpty();
    }
}
