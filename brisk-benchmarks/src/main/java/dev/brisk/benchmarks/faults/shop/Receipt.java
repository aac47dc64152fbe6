package dev.brisk.benchmarks.faults.shop;

import java.math.BigDecimal;
import java.time.Instant;

/** The answer to a payment. */
public record Receipt(String orderId, BigDecimal amount, OrderStatus status, Instant paidAt) {
}
