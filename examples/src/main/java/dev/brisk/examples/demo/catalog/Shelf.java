package dev.brisk.examples.demo.catalog;

import dev.brisk.examples.demo.pricing.Price;
import dev.brisk.examples.demo.pricing.PriceClient;
import dev.brisk.examples.demo.pricing.PriceList;
import dev.brisk.examples.demo.stock.StockService;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Books as the API shows them: the catalog's data joined with prices (looked up through the collapsing
 * {@link PriceClient}) and copies on hand (one RPC call to the warehouse per answer).
 */
public final class Shelf {

    private final Catalog catalog;
    private final PriceClient prices;
    private final StockService stock;

    /** A shelf over these three sources. */
    public Shelf(Catalog catalog, PriceClient prices, StockService stock) {
        this.catalog = catalog;
        this.prices = prices;
        this.stock = stock;
    }

    /**
     * Every book. The price lookups of all books are made at once, so the collapser sends them in one call, while
     * the stock levels come in one RPC call.
     */
    public List<BookView> all() {
        return views(catalog.all());
    }

    /** The book with {@code id}, if there is one. */
    public Optional<BookView> find(long id) {
        return catalog.find(id).map(book -> views(List.of(book)).get(0));
    }

    /**
     * Adds a book to the catalog, gives it its price and puts its copies on the shelf.
     *
     * @throws ResponseStatusException 409 when the catalog is full
     */
    public BookView add(NewBook book) {
        Book added = catalog.add(book.title().strip(), book.author().strip(), book.year())
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.CONFLICT,
                        "the catalog is full: it holds " + Catalog.CAPACITY + " books at most"));
        Price price = prices.setPrice(added.id(), book.price()).join();
        int inStock = stock.restock(added.id(), book.copies());
        return view(added, price, inStock);
    }

    private List<BookView> views(List<Book> books) {
        List<CompletableFuture<Price>> lookups = new ArrayList<>(books.size());
        List<Long> ids = new ArrayList<>(books.size());
        for (Book book : books) {
            // a book keeps its place in the list while the pricing service cannot tell its price
            lookups.add(prices.price(book.id()).exceptionally(failure -> null));
            ids.add(book.id());
        }
        Map<Long, Integer> levels = stock.levels(ids);
        List<BookView> views = new ArrayList<>(books.size());
        for (int i = 0; i < books.size(); i++) {
            Book book = books.get(i);
            views.add(view(book, lookups.get(i).join(), levels.getOrDefault(book.id(), 0)));
        }
        return views;
    }

    private static BookView view(Book book, Price price, int inStock) {
        return new BookView(book.id(), book.title(), book.author(), book.year(),
                price == null ? null : price.amount(), price == null ? PriceList.CURRENCY : price.currency(),
                inStock);
    }
}
