package dev.brisk.benchmarks.report;

import java.util.List;

/**
 * The results of one area: its tables, in the order measured.
 *
 * @param area the area
 * @param tables its tables
 */
record AreaResult(Area area, List<TableResult> tables) {
}
