package dev.brisk.rest.spring.compat;

import java.math.BigDecimal;
import java.util.List;

/** The shop's products, read a page at a time, as from a database cursor. */
public final class ProductCatalog {

    /** Loads one page of products; an empty page is the end. */
    @FunctionalInterface
    public interface PageLoader {
        List<Product> load(int page) throws InterruptedException;
    }

    private final PageLoader loader;

    public ProductCatalog(PageLoader loader) {
        this.loader = loader;
    }

    /** A small catalog in memory: two pages. */
    public static ProductCatalog inMemory() {
        List<List<Product>> pages = List.of(
                List.of(new Product(1, "Teapot", new BigDecimal("24.90")), new Product(2, "Mug", new BigDecimal("7.50"))),
                List.of(new Product(3, "Kettle", new BigDecimal("39.00"))));
        return new ProductCatalog(page -> page < pages.size() ? pages.get(page) : List.of());
    }

    public List<Product> page(int page) throws InterruptedException {
        return loader.load(page);
    }
}
