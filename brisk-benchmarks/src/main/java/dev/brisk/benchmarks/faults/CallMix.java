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
import dev.brisk.benchmarks.faults.shop.TrackingEvent;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * Which call a consumer makes for a call id, and whether its answer is right. Out of ten ids: four orders placed
 * ({@code createOrder}, every 50th refused as out of stock), a payment (asynchronous; every 40th declined), a tracking
 * event (one-way), one order looked up (an {@code Optional}, empty for every tenth), a customer's orders by each
 * overload, and a quote. A wrong answer throws {@link IllegalStateException}; a service exception of the method's
 * contract is an answer ({@link Answer#REFUSED}); anything else thrown is a failed call.
 */
final class CallMix {

    /** How a call was answered. */
    enum Answer {
        /** With a value (or, for a one-way call, handed to a connection). */
        VALUE,
        /** With one of the method's business exceptions. */
        REFUSED
    }

    private static final Address SHIP_TO = new Address("1 Main Street", "Springfield", "US", null);

    private final OrderServiceV2 orders;

    CallMix(OrderServiceV2 orders) {
        this.orders = orders;
    }

    /** Makes the call of the first version of the service that {@code callId} stands for. */
    Answer call(long callId) {
        String customer = "c-" + callId % 97;
        return switch ((int) (callId % 10)) {
            case 0, 1, 2, 9 -> createOrder(callId, customer);
            case 3 -> pay(callId);
            case 4 -> {
                orders.track(callId, new TrackingEvent("o-" + callId, "packed", Map.of("depot", "north")));
                yield Answer.VALUE;
            }
            case 5 -> findOrder(callId);
            case 6 -> expect(orders.findOrders(customer).size() == OrderStatus.values().length, callId);
            case 7 -> {
                List<Order> found = orders.findOrders(customer, OrderStatus.PAID);
                yield expect(found.size() == 2 && found.get(0).status() == OrderStatus.PAID, callId);
            }
            default -> {
                Quote quote = orders.quote(request(callId, customer));
                yield expect(quote.perSku().size() == 2 && quote.total().signum() > 0, callId);
            }
        };
    }

    /** Calls the method only the second version of the service has. */
    Answer callV2(long callId) {
        String customer = "c-" + callId % 97;
        OrderSummary summary = orders.summarize(customer);
        return expect(summary.customerId().equals(customer) && summary.byStatus().size() == 4, callId);
    }

    private Answer createOrder(long callId, String customer) {
        OrderRequest request = request(callId, customer);
        try {
            Order order = orders.createOrder(callId, request);
            return expect(order.callId() == callId && order.lines().equals(request.lines())
                    && order.shipTo().equals(Optional.of(SHIP_TO)) && order.trackingNumber() == null, callId);
        } catch (OutOfStockException e) {
            return expectRefusal(callId % 50 == 1, callId);
        }
    }

    private Answer pay(long callId) {
        boolean tooMuch = callId % 40 == 3;
        BigDecimal amount = tooMuch ? new BigDecimal("1500.00") : new BigDecimal("120.00");
        try {
            return expect(orders.pay(callId, "o-" + callId, amount).join().amount().equals(amount), callId);
        } catch (PaymentDeclinedException e) {
            return expectRefusal(tooMuch, callId);   // declared, though an asynchronous method fails its future
        } catch (CompletionException e) {
            if (e.getCause() instanceof PaymentDeclinedException) {
                return expectRefusal(tooMuch, callId);
            }
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }

    private Answer findOrder(long callId) {
        boolean missing = callId % 100 == 5;
        Optional<Order> found = orders.findOrder((missing ? "missing-" : "o-") + callId);
        return expect(found.isPresent() != missing, callId);
    }

    private static OrderRequest request(long callId, String customer) {
        String sku = callId % 50 == 1 ? RecordingOrderService.SOLD_OUT : "SKU-" + callId % 13;
        List<OrderLine> lines = List.of(
                new OrderLine(sku, 1 + (int) (callId % 3), new BigDecimal("19.99"), Map.of("colour", "blue")),
                new OrderLine("SKU-GIFT", 1, new BigDecimal("2.50"), Map.of()));
        Optional<String> coupon = callId % 3 == 0 ? Optional.of("WELCOME") : Optional.empty();
        return new OrderRequest(customer, lines, SHIP_TO, coupon, null);
    }

    private static Answer expect(boolean right, long callId) {
        if (!right) {
            throw new IllegalStateException("wrong answer to call " + callId);
        }
        return Answer.VALUE;
    }

    private static Answer expectRefusal(boolean expected, long callId) {
        if (!expected) {
            throw new IllegalStateException("unexpected refusal of call " + callId);
        }
        return Answer.REFUSED;
    }
}
