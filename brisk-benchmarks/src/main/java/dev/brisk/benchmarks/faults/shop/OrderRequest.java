package dev.brisk.benchmarks.faults.shop;

import java.util.List;
import java.util.Optional;

/** What a customer orders; {@code note} may be {@code null}. */
public record OrderRequest(String customerId, List<OrderLine> lines, Address shipTo, Optional<String> coupon,
        String note) {
}
