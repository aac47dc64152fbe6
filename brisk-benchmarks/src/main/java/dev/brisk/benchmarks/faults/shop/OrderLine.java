package dev.brisk.benchmarks.faults.shop;

import java.math.BigDecimal;
import java.util.Map;

/** One article of an order, with free attributes (size, colour...). */
public record OrderLine(String sku, int quantity, BigDecimal unitPrice, Map<String, String> attributes) {
}
