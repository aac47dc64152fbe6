package dev.brisk.rest.jaxrs.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/** The library's in-memory catalogue: books by id (in id order), their reviews, and which ones are on loan. */
public final class BookStore {

    private final NavigableMap<Long, Book> books = new ConcurrentSkipListMap<>();
    private final Map<Long, List<Review>> reviews = new ConcurrentHashMap<>();
    private final Set<Long> onLoan = ConcurrentHashMap.newKeySet();
    private final AtomicLong ids = new AtomicLong();
    private final List<Consumer<Book>> additionListeners = new CopyOnWriteArrayList<>();

    /**
     * A catalogue with four books: 1 Dune, 2 Neuromancer, 3 The Left Hand of Darkness, 4 Children of Dune; book 2 is
     * on loan and book 1 has one review.
     */
    public static BookStore seeded() {
        BookStore store = new BookStore();
        store.add(new Book(null, "Dune", "Frank Herbert", 1965, "9780441013593"));
        store.add(new Book(null, "Neuromancer", "William Gibson", 1984, "9780441569595"));
        store.add(new Book(null, "The Left Hand of Darkness", "Ursula K. Le Guin", 1969, "9780441478125"));
        store.add(new Book(null, "Children of Dune", "Frank Herbert", 1976, "9780593098240"));
        store.lend(2);
        store.addReview(1, new Review("ada", 5, "A classic."));
        return store;
    }

    /** All books, in id order. */
    public List<Book> all() {
        return List.copyOf(books.values());
    }

    /** The books whose author contains {@code author} (ignoring case), in id order; all of them for {@code null}. */
    public List<Book> byAuthor(String author) {
        if (author == null || author.isBlank()) {
            return all();
        }
        String wanted = author.toLowerCase(Locale.ROOT);
        return books.values().stream().filter(b -> b.author().toLowerCase(Locale.ROOT).contains(wanted)).toList();
    }

    public Optional<Book> find(long id) {
        return Optional.ofNullable(books.get(id));
    }

    /** The book {@code id}; {@link BookNotFoundException} if there is none. */
    public Book get(long id) {
        return find(id).orElseThrow(() -> new BookNotFoundException(id));
    }

    public Optional<Book> findByIsbn(String isbn) {
        return isbn == null ? Optional.empty()
                : books.values().stream().filter(b -> isbn.equals(b.isbn())).findFirst();
    }

    /** Stores {@code book} under a new id (its own id is ignored), tells the listeners, and returns it as stored. */
    public Book add(Book book) {
        Book stored = book.withId(ids.incrementAndGet());
        books.put(stored.id(), stored);
        additionListeners.forEach(listener -> listener.accept(stored));
        return stored;
    }

    /** Calls {@code listener} with every book added from now on, on the thread that added it. */
    public void onAdded(Consumer<Book> listener) {
        additionListeners.add(listener);
    }

    /** Replaces book {@code id}; {@link BookNotFoundException} if there is none. */
    public Book replace(long id, Book book) {
        get(id);
        Book stored = book.withId(id);
        books.put(id, stored);
        return stored;
    }

    /** Removes book {@code id}; {@link BookNotFoundException} if there is none. */
    public void remove(long id) {
        if (books.remove(id) == null) {
            throw new BookNotFoundException(id);
        }
        reviews.remove(id);
        onLoan.remove(id);
    }

    /** The reviews of book {@code id}, oldest first. */
    public List<Review> reviews(long bookId) {
        return List.copyOf(reviews.getOrDefault(bookId, List.of()));
    }

    /** Adds a review to book {@code id} and returns its number (1 for the first review). */
    public int addReview(long bookId, Review review) {
        List<Review> list = reviews.computeIfAbsent(bookId, id -> new CopyOnWriteArrayList<>());
        synchronized (list) {
            list.add(review);
            return list.size();
        }
    }

    public void lend(long id) {
        onLoan.add(id);
    }

    public void giveBack(long id) {
        onLoan.remove(id);
    }

    public boolean isOnLoan(long id) {
        return onLoan.contains(id);
    }

    /** A page of {@code list}: {@code size} elements from {@code page * size}. */
    static <T> List<T> page(List<T> list, int page, int size) {
        int from = (int) Math.min((long) page * size, list.size());
        int to = (int) Math.min((long) from + size, list.size());
        return new ArrayList<>(list.subList(from, to));
    }
}
