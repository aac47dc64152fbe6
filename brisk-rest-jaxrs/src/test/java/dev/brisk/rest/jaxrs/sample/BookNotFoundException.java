package dev.brisk.rest.jaxrs.sample;

/**
 * Thrown by {@link BookStore} for an unknown id: a plain application exception (not a
 * {@link jakarta.ws.rs.WebApplicationException}) that {@link BookNotFoundMapper} turns into a 404.
 */
public class BookNotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long id;

    public BookNotFoundException(long id) {
        super("book " + id + " not found");
        this.id = id;
    }

    public long id() {
        return id;
    }
}
