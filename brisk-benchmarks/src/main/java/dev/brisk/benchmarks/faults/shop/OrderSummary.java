package dev.brisk.benchmarks.faults.shop;

import java.util.Map;

/** How many orders a customer has, by status ({@link OrderServiceV2} only). */
public record OrderSummary(String customerId, int orders, Map<OrderStatus, Integer> byStatus) {
}
