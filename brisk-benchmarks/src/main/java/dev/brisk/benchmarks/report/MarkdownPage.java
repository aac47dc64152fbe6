package dev.brisk.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Writes the report page: the run's machine and command, then per area its tables, its chart and how to reproduce. */
final class MarkdownPage {

    private final RunInfo run;
    private final String chartDirectory;

    /**
     * @param run what the run recorded about itself
     * @param chartDirectory where the charts are, relative to the page
     */
    MarkdownPage(RunInfo run, String chartDirectory) {
        this.run = run;
        this.chartDirectory = chartDirectory;
    }

    /** The whole page. */
    String render(List<AreaResult> areas) {
        StringBuilder page = new StringBuilder();
        page.append("# Benchmarks\n\n");
        page.append("""
                Brisk beside its peers, measured on one machine in one run of `bench/report.sh`. Every ratio is \
                Brisk's advantage: the peer's cost over Brisk's (CPU time, latency, memory), or Brisk's throughput \
                over the peer's; above 1×, Brisk is better. A ratio compares windows measured seconds apart in the \
                same round; the page shows the median over all rounds and JVM starts, and their range in brackets. \
                How the figures were investigated, and earlier runs: the [measurement journal](%s/journal.md).
                """.formatted(chartDirectory));
        page.append('\n');
        page.append("| | |\n|---|---|\n");
        page.append("| date | ").append(run.value("date", "?")).append(" |\n");
        page.append("| machine | ").append(run.value("machine", "?")).append(" |\n");
        page.append("| JDK | ").append(run.value("jdk", "?")).append(" |\n");
        page.append("| command | `").append(run.value("command", "bench/report.sh")).append('`')
                .append(minutes(run.value("seconds", ""))).append(" |\n");
        page.append("| method | ").append(run.value("method", "")).append(" |\n");
        if (run.quick()) {
            page.append("\n> **Smoke run** (`QUICK=1`): windows of a few seconds, one JVM start. It checks the harness;"
                    + " its figures mean nothing.\n");
        }
        for (AreaResult area : areas) {
            page.append('\n').append(area(area));
        }
        List<String> missing = new ArrayList<>();
        for (Area area : Area.values()) {
            if (areas.stream().noneMatch(result -> result.area() == area)) {
                missing.add("`bench/report.sh " + area.id() + "`");
            }
        }
        if (!missing.isEmpty()) {
            page.append("\nNot measured in this run: ").append(String.join(", ", missing)).append(".\n");
        }
        return page.toString();
    }

    /** One area's section: summary, tables, chart, notes, how to reproduce. */
    String area(AreaResult result) {
        Area area = result.area();
        StringBuilder section = new StringBuilder();
        section.append("## ").append(area.title()).append("\n\n").append(area.summary()).append("\n\n");
        for (TableResult table : result.tables()) {
            section.append(table(area, table)).append('\n');
        }
        section.append("![").append(area.title()).append(": ").append(area.headline().label()).append("](")
                .append(chartDirectory).append('/').append(area.id()).append(".png)\n\n");
        for (String note : run.values(area.id() + ".note")) {
            section.append("- ").append(note).append('\n');
        }
        for (String failure : run.values(area.id() + ".failed")) {
            section.append("- **Failed**: ").append(failure).append('\n');
        }
        section.append("- Reproduce: `bench/report.sh ").append(area.id()).append('`')
                .append(minutes(run.value(area.id() + ".seconds", ""))).append("; it runs ");
        List<String> commands = run.values(area.id() + ".command").stream().map(c -> "`" + c + "`").toList();
        section.append(commands.isEmpty() ? "the area's bench script" : String.join(" and ", commands)).append(".\n");
        return section.toString();
    }

    /** One table: a row per implementation, Brisk's rows in bold, an advantage column per Brisk implementation. */
    String table(Area area, TableResult table) {
        StringBuilder out = new StringBuilder();
        out.append("**").append(table.name()).append("**: ").append(windows(table)).append("\n\n");
        List<Metric> metrics = table.metrics();
        List<String> brisk = table.briskImpls();
        boolean peers = table.rows().stream().anyMatch(row -> !row.brisk());
        List<String> comparedWith = peers ? brisk : List.of();
        boolean published = table.rows().stream()
                .anyMatch(row -> PublishedFigures.figure(area, table.name(), row.impl()).isPresent());
        List<String> header = new ArrayList<>();
        header.add("impl");
        metrics.forEach(metric -> header.add(metric.label()));
        for (String ours : comparedWith) {
            header.add(ours + "'s advantage: " + area.headline().label() + " · " + area.second().label());
        }
        if (published) {
            header.add("published elsewhere (context only)");
        }
        out.append("| ").append(String.join(" | ", header)).append(" |\n|---|");
        out.append("---:|".repeat(header.size() - 1 - (published ? 1 : 0)));
        out.append(published ? "---|" : "").append('\n');
        for (ImplResult row : table.rows()) {
            List<String> cells = new ArrayList<>();
            cells.add(row.brisk() ? "**" + row.impl() + "**" : row.impl());
            for (Metric metric : metrics) {
                cells.add(row.shown(metric).map(metric::format).orElse(""));
            }
            for (String ours : comparedWith) {
                cells.add(advantage(area, row, ours));
            }
            if (published) {
                cells.add(PublishedFigures.figure(area, table.name(), row.impl()).orElse(""));
            }
            out.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
        return out.toString();
    }

    private static String advantage(Area area, ImplResult row, String brisk) {
        Optional<ImplResult.Advantage> headline = row.advantage(brisk, area.headline());
        Optional<ImplResult.Advantage> second = row.advantage(brisk, area.second());
        if (headline.isEmpty() && second.isEmpty()) {
            return "";
        }
        return headline.map(a -> "**" + a.ratio().ratio() + "**").orElse("–") + " · "
                + second.map(a -> a.ratio().ratio()).orElse("–");
    }

    private static String windows(TableResult table) {
        int windows = table.jvmStarts() * table.rounds();
        if (windows == 1) {
            return "one measurement per implementation";
        }
        return String.format(Locale.ROOT, "medians of %d windows per implementation (%d JVM start%s × %d round%s)",
                windows, table.jvmStarts(), table.jvmStarts() == 1 ? "" : "s", table.rounds(),
                table.rounds() == 1 ? "" : "s");
    }

    private static String minutes(String seconds) {
        if (seconds.isEmpty()) {
            return "";
        }
        int value = Integer.parseInt(seconds);
        return value < 120 ? " (" + value + " s)" : " (" + Math.round(value / 60.0) + " min)";
    }
}
