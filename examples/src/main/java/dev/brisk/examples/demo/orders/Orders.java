package dev.brisk.examples.demo.orders;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/** The orders placed so far, in memory, thread-safe, at most {@link #CAPACITY} of them. */
public final class Orders {

    /** The most orders kept: clients place orders, and memory is not theirs to fill. */
    public static final int CAPACITY = 10_000;

    private final ConcurrentSkipListMap<Long, Order> orders = new ConcurrentSkipListMap<>();
    private final AtomicLong ids = new AtomicLong();

    /** Records an order under the next id; empty when {@link #CAPACITY} orders are kept already. */
    public synchronized Optional<Order> add(long bookId, String title, int quantity, BigDecimal unitPrice, String currency,
                     String customer) {
        if (orders.size() >= CAPACITY) {
            return Optional.empty();
        }
        BigDecimal total = unitPrice.multiply(BigDecimal.valueOf(quantity));
        Order order = new Order(ids.incrementAndGet(), bookId, title, quantity, unitPrice, total, currency, customer,
                Instant.now());
        orders.put(order.id(), order);
        return Optional.of(order);
    }

    /** The order with {@code id}, if there is one. */
    public Optional<Order> find(long id) {
        return Optional.ofNullable(orders.get(id));
    }

    /** Every order, newest first. */
    public List<Order> all() {
        return List.copyOf(orders.descendingMap().values());
    }
}
