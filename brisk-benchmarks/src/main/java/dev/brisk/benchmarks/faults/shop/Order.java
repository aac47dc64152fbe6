package dev.brisk.benchmarks.faults.shop;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A placed order; {@code trackingNumber} is {@code null} until it ships. */
public record Order(String orderId, long callId, String customerId, OrderStatus status, List<OrderLine> lines,
        Map<String, List<String>> tags, Optional<Address> shipTo, BigDecimal total, Instant createdAt,
        String trackingNumber) {
}
