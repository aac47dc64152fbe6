package dev.brisk.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MarkdownPageTest {

    private static final RunInfo RUN = RunInfo.parse(List.of(
            "date\t2026-12-07 09:00 UTC",
            "machine\t2 cores, AMD EPYC, Debian GNU/Linux 12 (bookworm), Linux 6.1.0",
            "jdk\topenjdk version \"17.0.15\" 2025-04-15",
            "command\tbench/report.sh all",
            "mode\t",
            "method\tServers on core 0, load on core 1.",
            "server.command\tIMPLS=\"brisk-http netty-raw\" SCENARIO=hello bench/http-interleaved.sh",
            "server.note\tnginx is measured on GET only.",
            "server.seconds\t300",
            "seconds\t1500"));

    private final MarkdownPage page = new MarkdownPage(RUN, "benchmarks");

    @Test
    void aTableHasARowPerImplementationAndBrisksAdvantageOverEachPeer() {
        TableResult table = Aggregation.aggregate(AggregationTest.serverSamples()).get(0).tables().get(0);

        assertThat(page.table(Area.SERVER, table)).isEqualTo("""
                **GET /hello**: medians of 4 windows per implementation (2 JVM starts × 2 rounds)

                | impl | req/s | p99 ms | CPU µs/req | errors | brisk-http's advantage: CPU µs/req · req/s |
                |---|---:|---:|---:|---:|---:|
                | **brisk-http** | 50,000 | 3.50 | 20.00 | 0 |  |
                | netty-raw | 40,000 | 3.00 | 23.00 | 6 | **1.15× (1.00–1.30)** · 1.25× (1.25–1.25) |
                """);
    }

    @Test
    void anAreaShowsItsTablesChartNotesAndHowToReproduceIt() {
        AreaResult server = Aggregation.aggregate(AggregationTest.serverSamples()).get(0);

        assertThat(page.area(server)).isEqualTo("## HTTP server\n\n" + Area.SERVER.summary() + "\n\n"
                + page.table(Area.SERVER, server.tables().get(0)) + "\n"
                + "![HTTP server: CPU µs/req](benchmarks/server.png)\n\n"
                + "- nginx is measured on GET only.\n"
                + "- Reproduce: `bench/report.sh server` (5 min); it runs "
                + "`IMPLS=\"brisk-http netty-raw\" SCENARIO=hello bench/http-interleaved.sh`.\n");
    }

    @Test
    void thePageStartsWithTheMachineAndTheCommandAndListsTheAreasNotMeasured() {
        String rendered = page.render(Aggregation.aggregate(AggregationTest.serverSamples()));

        assertThat(rendered).startsWith("# Benchmarks\n\n");
        assertThat(rendered).contains("[measurement journal](benchmarks/journal.md)");
        assertThat(rendered).contains("| machine | 2 cores, AMD EPYC, Debian GNU/Linux 12 (bookworm), Linux 6.1.0 |\n");
        assertThat(rendered).contains("| command | `bench/report.sh all` (25 min) |\n");
        assertThat(rendered).doesNotContain("Smoke run");
        assertThat(rendered).contains("\n## HTTP server\n");
        assertThat(rendered).endsWith("Not measured in this run: `bench/report.sh rest`, `bench/report.sh client`, "
                + "`bench/report.sh router`, `bench/report.sh collapse`, `bench/report.sh rpc`, "
                + "`bench/report.sh startup`.\n");
    }

    @Test
    void aSmokeRunSaysItsFiguresMeanNothing() {
        RunInfo quick = RunInfo.parse(List.of("mode\tquick", "command\tQUICK=1 bench/report.sh server"));

        assertThat(new MarkdownPage(quick, "benchmarks").render(List.of())).contains("**Smoke run**");
    }

    @Test
    void aPublishedFigureStandsBesideThePeerItWasPublishedFor() {
        List<Sample> samples = List.of(
                new Sample("rpc", "existUser", "brisk", 1, 1, "cpu_us", 10),
                new Sample("rpc", "existUser", "dubbo", 1, 1, "cpu_us", 30));
        TableResult table = Aggregation.aggregate(samples).get(0).tables().get(0);

        assertThat(page.table(Area.RPC, table))
                .contains("| impl | CPU µs/req | brisk's advantage: CPU µs/req · req/s | "
                        + "published elsewhere (context only) |\n|---|---:|---:|---|\n")
                .contains("| dubbo | 30.00 | **3.00×** · – | Turbo 2.05× Dubbo (existUser, ops/ms) |");
    }
}
