package dev.brisk.benchmarks.report;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BarChartTest {

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void writesAPng(@TempDir Path directory) throws IOException {
        Path png = directory.resolve("server.png");

        BarChart.write(Aggregation.aggregate(AggregationTest.serverSamples()).get(0), png);

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(BarChart.WIDTH);
        assertThat(image.getHeight()).isEqualTo(BarChart.HEIGHT);
    }

    @Test
    void brisksBarsAreOrangeAndTheP99HasItsOwnAxis() {
        JFreeChart chart = BarChart.chart(Aggregation.aggregate(AggregationTest.serverSamples()).get(0));

        CategoryPlot plot = chart.getCategoryPlot();
        assertThat(plot.getRenderer(0).getSeriesPaint(0)).isEqualTo(new Color(0xD9480F));
        assertThat(plot.getRenderer(0).getSeriesPaint(1)).isEqualTo(new Color(0x495057));
        assertThat(plot.getDataset(1)).isNotNull();
        assertThat(plot.getRangeAxis(1).getLabel()).startsWith("p99");
        assertThat(plot.getFixedLegendItems().getItemCount()).isEqualTo(3);
    }

    @Test
    void anAreaWithoutLatencyHasNoSecondAxis() {
        List<Sample> samples = List.of(
                new Sample("router", "GET /user/repos", "brisk-router", 1, 1, "ns_op", 10),
                new Sample("router", "GET /user/repos", "regex-scan", 1, 1, "ns_op", 2600));

        CategoryPlot plot = BarChart.chart(Aggregation.aggregate(samples).get(0)).getCategoryPlot();

        assertThat(plot.getDataset(1)).isNull();
        assertThat(plot.getRangeAxis().getLabel()).isEqualTo("ns/lookup (lower is better)");
        assertThat(plot.getRangeAxis().getLowerBound()).isEqualTo(10);
        assertThat(plot.getRangeAxis().getUpperBound()).isEqualTo(10_000);
    }
}
