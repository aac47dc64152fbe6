package dev.brisk.examples.demo.stock;

import java.util.List;
import java.util.Map;

/**
 * The warehouse's stock of books, served over brisk-rpc: the bookshop calls it through an {@code RpcClient} proxy,
 * as it would call a warehouse on another host.
 */
public interface StockService {

    /** Copies on hand of each of {@code bookIds}; a book the warehouse does not know has 0. */
    Map<Long, Integer> levels(List<Long> bookIds);

    /** Takes {@code quantity} copies of a book off the shelf when that many are on hand. */
    Reservation reserve(long bookId, int quantity);

    /** Puts {@code copies} more copies of a book on the shelf; answers the copies now on hand. */
    int restock(long bookId, int copies);
}
