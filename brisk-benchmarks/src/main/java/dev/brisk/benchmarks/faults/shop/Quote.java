package dev.brisk.benchmarks.faults.shop;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** A request's price, per article and in total, with what the shop would warn about. */
public record Quote(BigDecimal total, Map<String, BigDecimal> perSku, List<String> warnings) {
}
