package dev.brisk.examples.demo.catalog;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/** The bookshop's catalog: books by id, in memory, thread-safe. */
public final class Catalog {

    private final ConcurrentSkipListMap<Long, Book> books = new ConcurrentSkipListMap<>();
    private final AtomicLong ids = new AtomicLong();

    /** Adds a book under the next id. */
    public Book add(String title, String author, int year) {
        Book book = new Book(ids.incrementAndGet(), title, author, year);
        books.put(book.id(), book);
        return book;
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
