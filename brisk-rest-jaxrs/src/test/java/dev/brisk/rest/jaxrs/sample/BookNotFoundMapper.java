package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Maps {@link BookNotFoundException} to 404 with a JSON {@link ApiError}. More specific than
 * {@link FallbackExceptionMapper}'s {@code RuntimeException}, so it wins for unknown books (Jakarta REST 3.1,
 * section 4.4: the mapper of the nearest superclass).
 */
@Provider
public class BookNotFoundMapper implements ExceptionMapper<BookNotFoundException> {

    @Override
    public Response toResponse(BookNotFoundException exception) {
        return Response.status(Response.Status.NOT_FOUND)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ApiError("book_not_found", exception.getMessage()))
                .build();
    }
}
