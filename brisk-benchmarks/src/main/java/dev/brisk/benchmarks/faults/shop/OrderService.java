package dev.brisk.benchmarks.faults.shop;

import dev.brisk.rpc.Idempotent;
import dev.brisk.rpc.OneWay;
import dev.brisk.rpc.RpcService;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The order service of the fault runs, shaped like a shop's real one: nested records, an enum, {@code Optional} and
 * {@code null} fields, an overload, an asynchronous method, a one-way method and checked business exceptions. Each
 * method that changes something takes the caller's unique call id, which the provider records when it runs the call,
 * so that a call run twice shows.
 */
@RpcService(OrderService.NAME)
public interface OrderService {

    /** The wire name, shared by {@link OrderServiceV2}. */
    String NAME = "shop.OrderService";

    /** Places an order; not idempotent. */
    Order createOrder(long callId, OrderRequest request) throws OutOfStockException;

    /** Pays an order; not idempotent. The future fails with {@link PaymentDeclinedException} above the limit. */
    CompletableFuture<Receipt> pay(long callId, String orderId, BigDecimal amount) throws PaymentDeclinedException;

    /** Records a tracking event without an answer. */
    @OneWay
    void track(long callId, TrackingEvent event);

    /** The order of that id, empty for an unknown one. */
    @Idempotent
    Optional<Order> findOrder(String orderId);

    /** A customer's recent orders. */
    @Idempotent
    List<Order> findOrders(String customerId);

    /** A customer's recent orders in one status. */
    @Idempotent
    List<Order> findOrders(String customerId, OrderStatus status);

    /** Prices a request without placing it. */
    @Idempotent
    Quote quote(OrderRequest request);
}
