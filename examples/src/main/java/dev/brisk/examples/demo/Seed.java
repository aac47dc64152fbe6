package dev.brisk.examples.demo;

import dev.brisk.examples.demo.catalog.Catalog;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** The records the demo starts with: a few classics, their prices and the copies on hand. */
final class Seed {

    private final Map<Long, BigDecimal> prices = new LinkedHashMap<>();
    private final Map<Long, Integer> copies = new LinkedHashMap<>();

    private Seed() {
    }

    /** Fills {@code catalog} and answers the prices and copies of the books it added. */
    static Seed into(Catalog catalog) {
        Seed seed = new Seed();
        seed.book(catalog, "Frankenstein", "Mary Shelley", 1818, "9.90", 12);
        seed.book(catalog, "Pride and Prejudice", "Jane Austen", 1813, "8.50", 7);
        seed.book(catalog, "Moby-Dick", "Herman Melville", 1851, "12.00", 3);
        seed.book(catalog, "Middlemarch", "George Eliot", 1871, "14.20", 5);
        seed.book(catalog, "The Time Machine", "H. G. Wells", 1895, "6.80", 0);
        seed.book(catalog, "Dracula", "Bram Stoker", 1897, "10.40", 9);
        return seed;
    }

    private void book(Catalog catalog, String title, String author, int year, String price, int onHand) {
        long id = catalog.add(title, author, year).orElseThrow().id();
        prices.put(id, new BigDecimal(price));
        copies.put(id, onHand);
    }

    /** Price per book id. */
    Map<Long, BigDecimal> prices() {
        return prices;
    }

    /** Copies on hand per book id. */
    Map<Long, Integer> copies() {
        return copies;
    }
}
