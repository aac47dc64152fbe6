package dev.brisk.examples.demo.pricing;

import java.math.BigDecimal;

/**
 * The price of a book, as the pricing service answers it.
 *
 * @param bookId the book
 * @param amount the price, two decimals
 * @param currency the ISO 4217 code, e.g. {@code EUR}
 */
public record Price(long bookId, BigDecimal amount, String currency) {
}
