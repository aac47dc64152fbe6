package dev.brisk.rest.jaxrs.sample;

import dev.brisk.rest.RunOn;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalogue's main resource, written as for Jersey: CRUD with every HTTP method designator (explicit
 * {@code @HEAD} and {@code @OPTIONS} included), query parameters with {@code @DefaultValue}, {@code GenericEntity},
 * {@code Response.created} with a location from {@link UriInfo}, conditional requests through {@link Request},
 * content negotiation between methods and writers, Bean Validation, {@link WebApplicationException}s, a name-bound
 * {@link Secured} method, a {@link Compress}ed {@link StreamingOutput} run on Brisk's {@code worker} pool, and the
 * sub-resource locator of {@link ReviewsResource}.
 */
@Path("/books")
@Produces(MediaType.APPLICATION_JSON)
public class BookResource {

    private final BookStore store;

    public BookResource(BookStore store) {
        this.store = store;
    }

    /** Explicit OPTIONS: what the collection allows and accepts. */
    @OPTIONS
    public Response options() {
        return Response.ok()
                .allow("GET", "HEAD", "POST", "OPTIONS")
                .header("Accept-Post", "application/json, text/csv")
                .build();
    }

    /** A page of the books, optionally of one author; the total count in {@code X-Total-Count}. */
    @GET
    public Response list(@QueryParam("author") String author,
                         @QueryParam("page") @DefaultValue("0") int page,
                         @QueryParam("size") @DefaultValue("10") int size) {
        if (page < 0 || size < 1 || size > 100) {
            throw new BadRequestException("page must be >= 0 and size between 1 and 100");
        }
        List<Book> matching = store.byAuthor(author);
        GenericEntity<List<Book>> entity = new GenericEntity<List<Book>>(BookStore.page(matching, page, size)) {
        };
        return Response.ok(entity).header("X-Total-Count", matching.size()).build();
    }

    /** The number of books, for clients that {@code Accept: text/plain}. */
    @GET
    @Path("count")
    @Produces(MediaType.TEXT_PLAIN)
    public String countAsText() {
        return String.valueOf(store.all().size());
    }

    /** The number of books, for JSON clients. */
    @GET
    @Path("count")
    public Map<String, Integer> count() {
        return Map.of("count", store.all().size());
    }

    /** The whole catalogue as a gzip-compressed CSV download; blocking I/O, so on the worker pool. */
    @GET
    @Path("export")
    @Produces(BookCsvProvider.TEXT_CSV)
    @Compress
    @RunOn("worker")
    public Response export() {
        List<Book> books = store.all();
        StreamingOutput csv = output -> BookCsvProvider.write(books, output);
        return Response.ok(csv)
                .header("Content-Disposition", "attachment; filename=\"books.csv\"")
                .header("X-Exported-By", Thread.currentThread().getName())
                .build();
    }

    /** One book as JSON or CSV, with an entity tag; 304 when the client's {@code If-None-Match} is current. */
    @GET
    @Path("{id}")
    @Produces({MediaType.APPLICATION_JSON, BookCsvProvider.TEXT_CSV})
    public Response get(@PathParam("id") long id, @Context Request request) {
        Book book = store.get(id);
        EntityTag tag = etag(book);
        Response.ResponseBuilder notModified = request.evaluatePreconditions(tag);
        if (notModified != null) {
            return notModified.build();
        }
        return Response.ok(book).tag(tag).build();
    }

    /** Explicit HEAD: cheap existence check with the title in a header. */
    @HEAD
    @Path("{id}")
    public Response exists(@PathParam("id") long id) {
        return store.find(id)
                .map(book -> Response.ok().tag(etag(book)).header("X-Book-Title", book.title()))
                .orElseGet(() -> Response.status(Response.Status.NOT_FOUND))
                .build();
    }

    /** Adds a book (JSON or CSV); 201 with its location, 409 with an error entity for a known ISBN. */
    @POST
    @Consumes({MediaType.APPLICATION_JSON, BookCsvProvider.TEXT_CSV})
    public Response create(@Valid @NotNull Book book, @Context UriInfo uriInfo) {
        store.findByIsbn(book.isbn()).ifPresent(existing -> {
            throw new WebApplicationException(Response.status(Response.Status.CONFLICT)
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(new ApiError("duplicate_isbn", "ISBN " + book.isbn() + " is already book " + existing.id()))
                    .header("X-Existing-Id", existing.id())
                    .build());
        });
        Book saved = store.add(book);
        URI location = uriInfo.getAbsolutePathBuilder().path(String.valueOf(saved.id())).build();
        return Response.created(location).entity(saved).build();
    }

    /** Replaces a book; 412 when {@code If-Match} names another version of it. */
    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response replace(@PathParam("id") long id, @Valid @NotNull Book book, @Context Request request) {
        Response.ResponseBuilder preconditionFailed = request.evaluatePreconditions(etag(store.get(id)));
        if (preconditionFailed != null) {
            return preconditionFailed.build();
        }
        Book saved = store.replace(id, book);
        return Response.ok(saved).tag(etag(saved)).build();
    }

    /** Changes some properties of a book. */
    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Book patch(@PathParam("id") long id, @Valid @NotNull BookPatch changes) {
        return store.replace(id, changes.applyTo(store.get(id)));
    }

    /** Removes a book: authenticated by {@link AuthFilter}, and librarians only; 204 (void). */
    @DELETE
    @Path("{id}")
    @Secured
    public void delete(@PathParam("id") long id, @Context SecurityContext security) {
        if (!security.isUserInRole("librarian")) {
            throw new ForbiddenException("only librarians remove books");
        }
        store.remove(id);
    }

    /** Links of a book, built from what {@link UriInfo} knows about the request. */
    @GET
    @Path("{id}/links")
    public Map<String, Object> links(@PathParam("id") long id, @Context UriInfo uriInfo) {
        store.get(id);
        Map<String, Object> links = new LinkedHashMap<>();
        links.put("self", uriInfo.getAbsolutePath().toString());
        links.put("base", uriInfo.getBaseUri().toString());
        links.put("request", uriInfo.getRequestUri().toString());
        links.put("reviews", uriInfo.getBaseUriBuilder().path("books").path(String.valueOf(id)).path("reviews")
                .build().toString());
        links.put("id", uriInfo.getPathParameters().getFirst("id"));
        links.put("expand", uriInfo.getQueryParameters().get("expand"));
        return links;
    }

    /** Not written yet: fails with a plain runtime exception, for the fallback exception mapper. */
    @GET
    @Path("{id}/cover")
    @Produces("image/jpeg")
    public byte[] cover(@PathParam("id") long id) {
        store.get(id);
        throw new UnsupportedOperationException("covers are not available yet");
    }

    /** Sub-resource locator: the reviews of one book; unknown books are 404 before the sub-resource is matched. */
    @Path("{id}/reviews")
    public ReviewsResource reviews(@PathParam("id") long id) {
        return new ReviewsResource(store, store.get(id));
    }

    static EntityTag etag(Book book) {
        return new EntityTag(Integer.toHexString(book.hashCode()));
    }
}
