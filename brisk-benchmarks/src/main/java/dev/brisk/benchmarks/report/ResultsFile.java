package dev.brisk.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code results.tsv}, the measurements of a report run: one value a line, tab-separated,
 * {@code area table impl jvm_start round metric value}.
 */
final class ResultsFile {

    private static final int COLUMNS = 7;

    private ResultsFile() {
    }

    static List<Sample> read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** The samples of these lines; blank lines are skipped, a malformed one fails with its line number. */
    static List<Sample> parse(List<String> lines) {
        List<Sample> samples = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] columns = line.split("\t", -1);
            if (columns.length != COLUMNS) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + COLUMNS
                        + " tab-separated columns expected, found " + columns.length + ": " + line);
            }
            try {
                samples.add(new Sample(columns[0], columns[1], columns[2], Integer.parseInt(columns[3]),
                        Integer.parseInt(columns[4]), columns[5], Double.parseDouble(columns[6])));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": not a number: " + line, e);
            }
        }
        return samples;
    }
}
