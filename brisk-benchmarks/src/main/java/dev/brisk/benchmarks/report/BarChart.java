package dev.brisk.benchmarks.report;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Draws an area's chart: per table a group of bars, one per implementation, its height the headline metric's median;
 * Brisk's bars in orange, the peers' in greys; the p99 latency as a diamond over each bar, on a second axis, where
 * the area measures it.
 */
final class BarChart {

    static final int WIDTH = 900;
    static final int HEIGHT = 440;

    private static final Color[] BRISK = {new Color(0xD9480F), new Color(0xF08C00), new Color(0xFFA94D)};
    private static final Color[] PEERS = {new Color(0x495057), new Color(0x868E96), new Color(0xADB5BD),
        new Color(0x343A40), new Color(0xCED4DA)};
    private static final double ITEM_MARGIN = 0.05;

    private BarChart() {
    }

    /** Writes the chart of {@code result} as a PNG. */
    static void write(AreaResult result, Path png) throws IOException {
        ChartUtils.saveChartAsPNG(png.toFile(), chart(result), WIDTH, HEIGHT);
    }

    static JFreeChart chart(AreaResult result) {
        Area area = result.area();
        Metric metric = area.headline();
        Set<String> impls = new LinkedHashSet<>();
        result.tables().forEach(table -> table.rows().forEach(row -> impls.add(row.impl())));
        DefaultCategoryDataset bars = new DefaultCategoryDataset();
        DefaultCategoryDataset p99 = new DefaultCategoryDataset();
        boolean latency = false;
        double smallest = Double.MAX_VALUE;
        double largest = 0;
        for (TableResult table : result.tables()) {
            for (String impl : impls) {
                ImplResult row = table.rows().stream().filter(r -> r.impl().equals(impl)).findFirst().orElse(null);
                Double value = row == null ? null : row.shown(metric).orElse(null);
                Double tail = row == null ? null : row.shown(Metric.P99_MS).orElse(null);
                bars.addValue(value, impl, table.name());
                p99.addValue(tail, impl, table.name());
                latency |= tail != null;
                if (value != null && value > 0) {
                    smallest = Math.min(smallest, value);
                    largest = Math.max(largest, value);
                }
            }
        }

        BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(ITEM_MARGIN);
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}",
                new DecimalFormat(metric.decimals() == 0 ? "#,##0" : "#,##0." + "0".repeat(metric.decimals()))));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        List<String> series = List.copyOf(impls);
        int brisk = 0;
        int peers = 0;
        for (int i = 0; i < series.size(); i++) {
            boolean ours = series.get(i).contains("brisk");
            renderer.setSeriesPaint(i, ours ? BRISK[brisk++ % BRISK.length] : PEERS[peers++ % PEERS.length]);
        }

        String direction = metric.lowerIsBetter() ? "lower is better" : "higher is better";
        String label = metric.label() + " (" + direction + ")";
        ValueAxis axis = new NumberAxis(label);
        if (area.logScale() && largest > 0) {
            axis = logAxis(label, smallest, largest);
            renderer.setBase(axis.getLowerBound());
        }
        CategoryPlot plot = new CategoryPlot(bars, new CategoryAxis(null), axis, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xDEE2E6));
        plot.setOutlineVisible(false);

        LegendItemCollection legend = new LegendItemCollection();
        legend.addAll(renderer.getLegendItems());
        if (latency) {
            Shape diamond = ShapeUtils.createDiamond(5f);
            LineAndShapeRenderer markers = new LineAndShapeRenderer(false, true);
            markers.setUseSeriesOffset(true);
            markers.setItemMargin(ITEM_MARGIN);
            markers.setAutoPopulateSeriesPaint(false);
            markers.setAutoPopulateSeriesShape(false);
            markers.setDefaultPaint(Color.BLACK);
            markers.setDefaultShape(diamond);
            markers.setDrawOutlines(true);
            markers.setUseOutlinePaint(true);
            markers.setAutoPopulateSeriesOutlinePaint(false);
            markers.setDefaultOutlinePaint(Color.WHITE);
            NumberAxis latencyAxis = new NumberAxis("p99 latency, ms (diamonds)");
            plot.setDataset(1, p99);
            plot.setRangeAxis(1, latencyAxis);
            plot.mapDatasetToRangeAxis(1, 1);
            plot.setRenderer(1, markers);
            plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
            legend.add(new LegendItem("p99 latency (right axis)", null, null, null, diamond, Color.BLACK));
        }
        plot.setFixedLegendItems(legend);

        JFreeChart chart = new JFreeChart(area.title(), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle(subtitle(area)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** A base-10 axis from the power of ten below {@code smallest} to the one above {@code largest}, a tick each. */
    private static LogAxis logAxis(String label, double smallest, double largest) {
        LogAxis axis = new LogAxis(label);
        axis.setBase(10);
        axis.setRange(Math.pow(10, Math.floor(Math.log10(smallest))),
                Math.pow(10, Math.ceil(Math.log10(largest * 1.5))));
        axis.setTickUnit(new NumberTickUnit(1.0));
        axis.setNumberFormatOverride(new DecimalFormat("#,##0"));
        return axis;
    }

    private static String subtitle(Area area) {
        return "Medians over the windows; Brisk in orange" + (area.logScale() ? "; logarithmic scale" : "");
    }
}
