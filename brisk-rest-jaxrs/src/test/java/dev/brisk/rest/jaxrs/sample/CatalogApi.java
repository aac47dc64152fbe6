package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/**
 * The read-only catalogue API as an interface, the way it is shared with client proxies: every method-level JAX-RS
 * annotation (designators, {@code @Path}, {@code @Produces}, parameter annotations) is declared here and inherited by
 * the unannotated methods of {@link CatalogResource} (Jakarta REST 3.1, section 3.6). Exercises {@code @MatrixParam},
 * {@code @Encoded}, {@code @BeanParam} and a {@code @PathParam} of a type only a {@code ParamConverterProvider}
 * converts.
 */
public interface CatalogApi {

    /** Books filtered by matrix parameters: {@code /catalog/books;author=herbert;year=1965}. */
    @GET
    @Path("books")
    @Produces(MediaType.APPLICATION_JSON)
    List<Book> books(@MatrixParam("author") String author, @MatrixParam("year") Integer year);

    /** The books of one author (exact name, decoded: {@code Frank%20Herbert} is {@code Frank Herbert}). */
    @GET
    @Path("authors/{author}")
    @Produces(MediaType.APPLICATION_JSON)
    List<Book> byAuthor(@PathParam("author") String author);

    /** The link of an author's page, built from the segment exactly as the client encoded it. */
    @GET
    @Path("authors/{author}/link")
    @Produces(MediaType.TEXT_PLAIN)
    String authorLink(@Encoded @PathParam("author") String author);

    /** Full-text search; the criteria are gathered by {@link BookQuery}. */
    @GET
    @Path("search")
    @Produces(MediaType.APPLICATION_JSON)
    List<Book> search(@BeanParam BookQuery query);

    /** The book with an ISBN. */
    @GET
    @Path("isbn/{isbn}")
    @Produces(MediaType.APPLICATION_JSON)
    Book byIsbn(@PathParam("isbn") Isbn isbn);
}
