package dev.brisk.benchmarks.faults.shop;

import java.util.Map;

/** Something that happened to an order on its way. */
public record TrackingEvent(String orderId, String kind, Map<String, String> details) {
}
