package dev.brisk.examples.demo.catalog;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/** The bookshop's catalog: books by id, in memory, thread-safe, at most {@link #CAPACITY} books. */
public final class Catalog {

    /** The most books the catalog holds: clients add books, and memory is not theirs to fill. */
    public static final int CAPACITY = 1_000;

    private final ConcurrentSkipListMap<Long, Book> books = new ConcurrentSkipListMap<>();
    private final AtomicLong ids = new AtomicLong();

    /** Adds a book under the next id; empty when the catalog holds {@link #CAPACITY} books already. */
    public synchronized Optional<Book> add(String title, String author, int year) {
        if (books.size() >= CAPACITY) {
            return Optional.empty();
        }
        Book book = new Book(ids.incrementAndGet(), title, author, year);
        books.put(book.id(), book);
        return Optional.of(book);
    }

    /** The book with {@code id}, if there is one. */
    public Optional<Book> find(long id) {
        return Optional.ofNullable(books.get(id));
    }

    /** Every book, by id. */
    public List<Book> all() {
        return List.copyOf(books.values());
    }
}
