package dev.brisk.examples.demo;

import dev.brisk.examples.demo.catalog.Catalog;
import dev.brisk.examples.demo.orders.Orders;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo's in-memory stores hold a bounded number of records, whatever clients send. */
class CapacityTest {

    @Test
    void theCatalogRefusesBooksBeyondItsCapacity() {
        Catalog catalog = new Catalog();
        for (int i = 0; i < Catalog.CAPACITY; i++) {
            assertThat(catalog.add("Book " + i, "Author", 1900)).isPresent();
        }
        assertThat(catalog.add("One too many", "Author", 1900)).isEmpty();
        assertThat(catalog.all()).hasSize(Catalog.CAPACITY);
    }

    @Test
    void theOrdersStopAtTheirCapacity() {
        Orders orders = new Orders();
        for (int i = 0; i < Orders.CAPACITY; i++) {
            assertThat(orders.add(1, "Book", 1, BigDecimal.ONE, "EUR", "Ada")).isPresent();
        }
        assertThat(orders.add(1, "Book", 1, BigDecimal.ONE, "EUR", "Ada")).isEmpty();
        assertThat(orders.all()).hasSize(Orders.CAPACITY);
    }
}
