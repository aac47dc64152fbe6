package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Implements {@link CatalogApi}. Its methods carry no JAX-RS annotation at all: they are inherited from the
 * interface. The class-level {@code @Path} is declared here because the specification does not inherit class or
 * interface annotations (Jakarta REST 3.1, section 3.6).
 */
@Path("/catalog")
public class CatalogResource implements CatalogApi {

    private final BookStore store;

    public CatalogResource(BookStore store) {
        this.store = store;
    }

    @Override
    public List<Book> books(String author, Integer year) {
        return store.byAuthor(author).stream().filter(b -> year == null || year.equals(b.year())).toList();
    }

    @Override
    public List<Book> byAuthor(String author) {
        return store.all().stream().filter(b -> b.author().equalsIgnoreCase(author)).toList();
    }

    @Override
    public String authorLink(String author) {
        return "/catalog/authors/" + author;
    }

    @Override
    public List<Book> search(BookQuery query) {
        Comparator<Book> order = query.getSort() == BookQuery.Sort.YEAR ? Comparator.comparing(Book::year)
                : Comparator.comparing(Book::title);
        String text = query.getText() == null ? "" : query.getText().toLowerCase(Locale.ROOT);
        return store.all().stream()
                .filter(b -> b.title().toLowerCase(Locale.ROOT).contains(text)
                        || b.author().toLowerCase(Locale.ROOT).contains(text))
                .filter(b -> query.getYears().isEmpty() || query.getYears().contains(b.year()))
                .sorted(order)
                .limit(query.getLimit())
                .toList();
    }

    @Override
    public Book byIsbn(Isbn isbn) {
        return store.findByIsbn(isbn.digits())
                .orElseThrow(() -> new NotFoundException("no book has ISBN " + isbn));
    }
}
