package dev.brisk.examples.demo.stock;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The in-memory {@link StockService}: copies per book, thread-safe, counting the calls it serves. */
public final class Warehouse implements StockService {

    private final Map<Long, Integer> copies = new ConcurrentHashMap<>();
    private final LongAdder calls = new LongAdder();

    /** A warehouse holding {@code initial} copies per book id. */
    public Warehouse(Map<Long, Integer> initial) {
        copies.putAll(initial);
    }

    @Override
    public Map<Long, Integer> levels(List<Long> bookIds) {
        calls.increment();
        Map<Long, Integer> levels = new LinkedHashMap<>();
        for (Long id : bookIds) {
            levels.put(id, copies.getOrDefault(id, 0));
        }
        return levels;
    }

    @Override
    public Reservation reserve(long bookId, int quantity) {
        calls.increment();
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive: " + quantity);
        }
        boolean[] accepted = new boolean[1];
        int remaining = copies.compute(bookId, (id, onHand) -> {
            int available = onHand == null ? 0 : onHand;
            accepted[0] = available >= quantity;
            return accepted[0] ? available - quantity : available;
        });
        return new Reservation(accepted[0], remaining);
    }

    @Override
    public int restock(long bookId, int copies) {
        calls.increment();
        if (copies < 0) {
            throw new IllegalArgumentException("copies must not be negative: " + copies);
        }
        return this.copies.merge(bookId, copies, Integer::sum);
    }

    /** The RPC calls served so far. */
    public long calls() {
        return calls.sum();
    }
}
