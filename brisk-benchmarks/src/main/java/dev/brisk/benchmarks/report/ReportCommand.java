package dev.brisk.benchmarks.report;

import dev.brisk.benchmarks.client.CommandArgs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code report --results DIR --page FILE}: renders what {@code bench/report.sh} measured ({@code DIR/results.tsv}
 * and {@code DIR/run.tsv}): prints each area's tables, writes the page to {@code FILE} and each area's chart to
 * {@code <FILE without .md>/<area>.png}.
 */
public final class ReportCommand {

    /** The options part of the usage text. */
    public static final String OPTIONS = "--results DIR --page FILE.md";

    private ReportCommand() {
    }

    public static void run(String[] args) throws IOException {
        CommandArgs arguments = new CommandArgs("report", args);
        Path results = null;
        Path page = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--results" -> results = Path.of(arguments.value(++i));
                case "--page" -> page = Path.of(arguments.value(++i));
                default -> throw new IllegalArgumentException("report: unknown option " + args[i]);
            }
        }
        if (results == null || page == null || !page.toString().endsWith(".md")) {
            throw new IllegalArgumentException("report: " + OPTIONS + " expected");
        }
        System.setProperty("java.awt.headless", "true");
        List<AreaResult> areas = Aggregation.aggregate(ResultsFile.read(results.resolve("results.tsv")));
        RunInfo run = RunInfo.read(results.resolve("run.tsv"));
        String fileName = page.getFileName().toString();
        String chartDirectory = fileName.substring(0, fileName.length() - ".md".length());
        Path charts = page.resolveSibling(chartDirectory);
        Files.createDirectories(charts);
        MarkdownPage markdown = new MarkdownPage(run, chartDirectory);
        for (AreaResult area : areas) {
            System.out.println("## " + area.area().title() + "\n");
            area.tables().forEach(table -> System.out.println(markdown.table(area.area(), table)));
            BarChart.write(area, charts.resolve(area.area().id() + ".png"));
        }
        Files.writeString(page, markdown.render(areas), StandardCharsets.UTF_8);
        System.out.println("page: " + page + ", charts: " + charts);
    }
}
