package dev.brisk.examples.demo.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The pricing service's data: one price per book, in one currency, thread-safe. */
public final class PriceList {

    /** The currency of every price. */
    public static final String CURRENCY = "EUR";

    private final Map<Long, BigDecimal> amounts = new ConcurrentHashMap<>();

    /** A price list holding {@code initial} amounts per book id. */
    public PriceList(Map<Long, BigDecimal> initial) {
        initial.forEach(this::set);
    }

    /** The prices of those of {@code bookIds} that have one, in the order asked. */
    public List<Price> prices(List<Long> bookIds) {
        List<Price> prices = new ArrayList<>(bookIds.size());
        for (Long id : bookIds) {
            BigDecimal amount = amounts.get(id);
            if (amount != null) {
                prices.add(new Price(id, amount, CURRENCY));
            }
        }
        return prices;
    }

    /** Sets the price of a book, rounded to cents. */
    public Price set(long bookId, BigDecimal amount) {
        BigDecimal rounded = amount.setScale(2, RoundingMode.HALF_EVEN);
        amounts.put(bookId, rounded);
        return new Price(bookId, rounded, CURRENCY);
    }
}
