package dev.brisk.examples.demo.orders;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A placed order.
 *
 * @param id the order's id
 * @param bookId the book ordered
 * @param title the book's title when ordered
 * @param quantity the copies ordered
 * @param unitPrice the price of one copy when ordered
 * @param total the price of the order
 * @param currency the currency of the prices
 * @param customer who ordered
 * @param placedAt when the order was placed
 */
public record Order(long id, long bookId, String title, int quantity, BigDecimal unitPrice, BigDecimal total,
                    String currency, String customer, Instant placedAt) {
}
