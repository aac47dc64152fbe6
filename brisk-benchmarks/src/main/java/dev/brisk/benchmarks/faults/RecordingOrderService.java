package dev.brisk.benchmarks.faults;

import dev.brisk.benchmarks.faults.shop.Address;
import dev.brisk.benchmarks.faults.shop.Order;
import dev.brisk.benchmarks.faults.shop.OrderLine;
import dev.brisk.benchmarks.faults.shop.OrderRequest;
import dev.brisk.benchmarks.faults.shop.OrderServiceV2;
import dev.brisk.benchmarks.faults.shop.OrderStatus;
import dev.brisk.benchmarks.faults.shop.OrderSummary;
import dev.brisk.benchmarks.faults.shop.OutOfStockException;
import dev.brisk.benchmarks.faults.shop.PaymentDeclinedException;
import dev.brisk.benchmarks.faults.shop.Quote;
import dev.brisk.benchmarks.faults.shop.Receipt;
import dev.brisk.benchmarks.faults.shop.TrackingEvent;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The provider's order service: answers from the request alone (no store), takes a millisecond for each change as a
 * database write would, and records every call of a method that changes something in a {@link CallLog} before it
 * runs. Refuses orders of {@link #SOLD_OUT} and payments above {@link #PAYMENT_LIMIT} with the business exceptions.
 */
final class RecordingOrderService implements OrderServiceV2 {

    /** The article every order of which is refused with {@link OutOfStockException}. */
    static final String SOLD_OUT = "SOLD-OUT";
    /** Payments above this are declined. */
    static final BigDecimal PAYMENT_LIMIT = new BigDecimal("1000");

    private static final Executor LATER = CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS);

    private final CallLog log;

    RecordingOrderService(CallLog log) {
        this.log = log;
    }

    @Override
    public Order createOrder(long callId, OrderRequest request) throws OutOfStockException {
        log.ran(callId, "createOrder");
        write();
        for (OrderLine line : request.lines()) {
            if (line.sku().equals(SOLD_OUT)) {
                throw new OutOfStockException(line.sku() + " is sold out");
            }
        }
        return order("o-" + callId, callId, request.customerId(), OrderStatus.NEW, request.lines(),
                Optional.ofNullable(request.shipTo()));
    }

    @Override
    public CompletableFuture<Receipt> pay(long callId, String orderId, BigDecimal amount)
            throws PaymentDeclinedException {
        log.ran(callId, "pay");
        if (amount.compareTo(PAYMENT_LIMIT) > 0) {
            return CompletableFuture.failedFuture(new PaymentDeclinedException(amount + " is above the limit"));
        }
        return CompletableFuture.supplyAsync(() -> new Receipt(orderId, amount, OrderStatus.PAID, Instant.now()),
                LATER);
    }

    @Override
    public void track(long callId, TrackingEvent event) {
        log.ran(callId, "track");
    }

    @Override
    public Optional<Order> findOrder(String orderId) {
        if (orderId.startsWith("missing")) {
            return Optional.empty();
        }
        return Optional.of(order(orderId, 0, "c-1", OrderStatus.SHIPPED, sampleLines(), Optional.empty()));
    }

    @Override
    public List<Order> findOrders(String customerId) {
        List<Order> orders = new ArrayList<>();
        for (OrderStatus status : OrderStatus.values()) {
            orders.add(order("o-" + customerId + "-" + status.ordinal(), 0, customerId, status, sampleLines(),
                    Optional.empty()));
        }
        return orders;
    }

    @Override
    public List<Order> findOrders(String customerId, OrderStatus status) {
        return List.of(order("o-" + customerId + "-a", 0, customerId, status, sampleLines(), Optional.empty()),
                order("o-" + customerId + "-b", 0, customerId, status, sampleLines(), Optional.empty()));
    }

    @Override
    public Quote quote(OrderRequest request) {
        Map<String, BigDecimal> perSku = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (OrderLine line : request.lines()) {
            perSku.merge(line.sku(), line.unitPrice().multiply(BigDecimal.valueOf(line.quantity())), BigDecimal::add);
            if (line.sku().equals(SOLD_OUT)) {
                warnings.add(line.sku() + " is sold out");
            }
        }
        return new Quote(perSku.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add), perSku, warnings);
    }

    @Override
    public OrderSummary summarize(String customerId) {
        Map<OrderStatus, Integer> byStatus = new EnumMap<>(OrderStatus.class);
        for (OrderStatus status : OrderStatus.values()) {
            byStatus.put(status, status.ordinal() + 1);
        }
        return new OrderSummary(customerId, byStatus.values().stream().mapToInt(Integer::intValue).sum(), byStatus);
    }

    private static Order order(String orderId, long callId, String customerId, OrderStatus status,
            List<OrderLine> lines, Optional<Address> shipTo) {
        BigDecimal total = BigDecimal.ZERO;
        for (OrderLine line : lines) {
            total = total.add(line.unitPrice().multiply(BigDecimal.valueOf(line.quantity())));
        }
        Map<String, List<String>> tags = new LinkedHashMap<>();
        tags.put("channel", List.of("web"));
        tags.put("promotions", List.of());
        String tracking = status == OrderStatus.SHIPPED ? "T-" + orderId : null;
        return new Order(orderId, callId, customerId, status, lines, tags, shipTo, total, Instant.now(),
                tracking);
    }

    private static List<OrderLine> sampleLines() {
        return List.of(new OrderLine("SKU-1", 2, new BigDecimal("9.90"), Map.of("size", "M")),
                new OrderLine("SKU-2", 1, new BigDecimal("24.50"), Map.of()));
    }

    /** The time a database write takes. */
    private static void write() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
