package dev.brisk.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class AggregationTest {

    /** Two JVM starts of two rounds; netty-raw costs 1.2, 1.1, 1.3 and 1.0 times Brisk's CPU in its windows. */
    static List<Sample> serverSamples() {
        List<Sample> samples = new ArrayList<>();
        double[] brisk = {20, 20, 25, 20};
        double[] netty = {24, 22, 32.5, 20};
        for (int i = 0; i < 4; i++) {
            int start = i / 2 + 1;
            int round = i % 2 + 1;
            samples.add(new Sample("server", "GET /hello", "brisk-http", start, round, "cpu_us", brisk[i]));
            samples.add(new Sample("server", "GET /hello", "brisk-http", start, round, "rps", 50_000));
            samples.add(new Sample("server", "GET /hello", "brisk-http", start, round, "p99_ms", 2 + i));
            samples.add(new Sample("server", "GET /hello", "brisk-http", start, round, "errors", 0));
            samples.add(new Sample("server", "GET /hello", "netty-raw", start, round, "cpu_us", netty[i]));
            samples.add(new Sample("server", "GET /hello", "netty-raw", start, round, "rps", 40_000));
            samples.add(new Sample("server", "GET /hello", "netty-raw", start, round, "p99_ms", 3));
            samples.add(new Sample("server", "GET /hello", "netty-raw", start, round, "errors", i));
            samples.add(new Sample("server", "GET /hello", "netty-raw", start, round, "p50_ms", 1));
        }
        return samples;
    }

    @Test
    void brisksAdvantageIsTheMedianOfThePerWindowRatios() {
        List<AreaResult> results = Aggregation.aggregate(serverSamples());

        assertThat(results).hasSize(1);
        TableResult table = results.get(0).tables().get(0);
        assertThat(table.name()).isEqualTo("GET /hello");
        assertThat(table.jvmStarts()).isEqualTo(2);
        assertThat(table.rounds()).isEqualTo(2);
        assertThat(table.briskImpls()).containsExactly("brisk-http");
        ImplResult netty = table.rows().get(1);
        Spread cpu = netty.advantage("brisk-http", Metric.CPU_US).orElseThrow().ratio();
        assertThat(cpu.median()).isCloseTo(1.15, within(1e-9));
        assertThat(cpu.min()).isCloseTo(1.0, within(1e-9));
        assertThat(cpu.max()).isCloseTo(1.3, within(1e-9));
        assertThat(cpu.count()).isEqualTo(4);
        assertThat(netty.advantage("brisk-http", Metric.RPS).orElseThrow().ratio().median()).isEqualTo(1.25);
        assertThat(table.rows().get(0).advantages()).isEmpty();
    }

    @Test
    void errorsAreAddedUpAndOtherMetricsShownAsMedians() {
        TableResult table = Aggregation.aggregate(serverSamples()).get(0).tables().get(0);

        assertThat(table.rows().get(1).shown(Metric.ERRORS)).contains(6.0);
        assertThat(table.rows().get(0).shown(Metric.P99_MS)).contains(3.5);
        assertThat(table.metrics()).containsExactly(Metric.RPS, Metric.P99_MS, Metric.CPU_US, Metric.ERRORS);
    }

    @Test
    void onlyWindowsBothMeasuredAreCompared() {
        ImplResult brisk = new ImplResult("brisk-http");
        ImplResult peer = new ImplResult("nginx");
        brisk.add(Metric.CPU_US, "1/1", 10);
        brisk.add(Metric.CPU_US, "1/2", 10);
        peer.add(Metric.CPU_US, "1/2", 30);
        peer.add(Metric.CPU_US, "2/1", 5);

        assertThat(Aggregation.ratios(Metric.CPU_US, brisk, peer)).contains(new Spread(3.0, 3.0, 3.0, 1));
        assertThat(Aggregation.ratios(Metric.RPS, brisk, peer)).isEmpty();
    }

    @Test
    void atStartUpSpringBootIsComparedOnlyWithSpringBoot() {
        List<Sample> samples = new ArrayList<>();
        for (String impl : List.of("brisk-http", "netty", "spring-boot-brisk", "spring-mvc")) {
            samples.add(new Sample("startup", "first response", impl, 1, 1, "first_ms", impl.length() * 100));
        }

        List<ImplResult> rows = Aggregation.aggregate(samples).get(0).tables().get(0).rows();

        assertThat(rows.get(1).advantages()).extracting(ImplResult.Advantage::brisk).containsOnly("brisk-http");
        assertThat(rows.get(3).advantages()).extracting(ImplResult.Advantage::brisk).containsOnly("spring-boot-brisk");
    }

    @Test
    void areasComeInTheReportsOrder() {
        List<Sample> samples = new ArrayList<>();
        samples.add(new Sample("startup", "first response", "brisk-http", 1, 1, "first_ms", 300));
        samples.add(new Sample("server", "GET /hello", "brisk-http", 1, 1, "cpu_us", 20));

        assertThat(Aggregation.aggregate(samples)).extracting(AreaResult::area)
                .containsExactly(Area.SERVER, Area.STARTUP);
    }
}
