package dev.brisk.rest.jaxrs.sample;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.util.List;
import java.util.Locale;

/**
 * The reviews of one book: a sub-resource, returned by the locator {@link BookResource#reviews(long)}; it has no
 * class-level {@code @Path}, its methods have their own designators and sub-paths, and they can still read the
 * locator's {@code {id}} with {@code @PathParam}.
 */
@Produces(MediaType.APPLICATION_JSON)
public class ReviewsResource {

    private final BookStore store;
    private final Book book;

    public ReviewsResource(BookStore store, Book book) {
        this.store = store;
        this.book = book;
    }

    @GET
    public List<Review> list() {
        return store.reviews(book.id());
    }

    /** Adds a review: 201 with the location of the new review. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response add(@Valid @NotNull Review review, @Context UriInfo uriInfo) {
        int number = store.addReview(book.id(), review);
        return Response.created(uriInfo.getAbsolutePathBuilder().path(String.valueOf(number)).build())
                .entity(review)
                .build();
    }

    /** A one-line summary of the reviews. */
    @GET
    @Path("summary")
    @Produces(MediaType.TEXT_PLAIN)
    public String summary() {
        List<Review> reviews = store.reviews(book.id());
        double average = reviews.stream().mapToInt(Review::stars).average().orElse(0);
        return String.format(Locale.ROOT, "%s: %d reviews, average %.1f", book.title(), reviews.size(), average);
    }

    /** Review number {@code number} (from 1) of book {@code id}; {@link NotFoundException} past the last one. */
    @GET
    @Path("{number}")
    public Review get(@PathParam("id") long bookId, @PathParam("number") int number) {
        List<Review> reviews = store.reviews(bookId);
        if (number < 1 || number > reviews.size()) {
            throw new NotFoundException("book " + bookId + " has no review " + number);
        }
        return reviews.get(number - 1);
    }
}
