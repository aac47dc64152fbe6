package dev.brisk.examples.demo.orders;

import dev.brisk.examples.demo.catalog.Book;
import dev.brisk.examples.demo.catalog.Catalog;
import dev.brisk.examples.demo.pricing.Price;
import dev.brisk.examples.demo.pricing.PriceClient;
import dev.brisk.examples.demo.stock.Reservation;
import dev.brisk.examples.demo.stock.StockService;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.Response;

import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * Places orders: finds the book, asks the pricing service its price, reserves the copies at the warehouse (over
 * RPC) and records the order. Refusals are JAX-RS exceptions, which the server answers as problems.
 */
public final class Checkout {

    private final Catalog catalog;
    private final PriceClient prices;
    private final StockService stock;
    private final Orders orders;

    /** A checkout over these sources, recording into {@code orders}. */
    public Checkout(Catalog catalog, PriceClient prices, StockService stock, Orders orders) {
        this.catalog = catalog;
        this.prices = prices;
        this.stock = stock;
        this.orders = orders;
    }

    /**
     * Places the order.
     *
     * @throws BadRequestException 400 when the book does not exist
     * @throws ClientErrorException 409 when the warehouse has fewer copies than ordered, or the shop keeps
     *                              {@link Orders#CAPACITY} orders already
     * @throws ServiceUnavailableException 503 when the pricing service cannot tell the price
     */
    public Order place(OrderRequest request) {
        Book book = catalog.find(request.bookId())
                .orElseThrow(() -> new BadRequestException("no book with id " + request.bookId()));
        Price price = priceOf(book);
        Reservation reservation = stock.reserve(book.id(), request.quantity());
        if (!reservation.accepted()) {
            throw new ClientErrorException("only " + reservation.remaining() + " copies of '" + book.title()
                    + "' left, " + request.quantity() + " ordered", Response.Status.CONFLICT);
        }
        Optional<Order> order = orders.add(book.id(), book.title(), request.quantity(), price.amount(),
                price.currency(), request.customer().strip());
        if (order.isEmpty()) {
            stock.restock(book.id(), request.quantity()); // the copies go back on the shelf
            throw new ClientErrorException("the shop takes no more orders: it keeps " + Orders.CAPACITY
                    + " at most", Response.Status.CONFLICT);
        }
        return order.get();
    }

    private Price priceOf(Book book) {
        try {
            return prices.price(book.id()).join();
        } catch (CompletionException e) {
            throw new ServiceUnavailableException("no price for '" + book.title() + "': " + e.getCause().getMessage());
        }
    }
}
