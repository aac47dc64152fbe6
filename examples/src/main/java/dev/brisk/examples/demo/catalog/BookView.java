package dev.brisk.examples.demo.catalog;

import java.math.BigDecimal;

/**
 * A book as the API shows it: the catalog's data with its price (from the pricing service) and the copies on hand
 * (from the warehouse, over RPC).
 *
 * @param id the catalog's id
 * @param title the title
 * @param author the author
 * @param year the year of first publication
 * @param price the price, or null while the pricing service cannot tell
 * @param currency the currency of the price
 * @param inStock the copies on hand
 */
public record BookView(long id, String title, String author, int year, BigDecimal price, String currency,
                       int inStock) {
}
