package dev.brisk.rest.jaxrs.jersey;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** Answers {@link IllegalStateException}s with {@code 409}. */
public class ConflictMapper implements ExceptionMapper<IllegalStateException> {

    @Override
    public Response toResponse(IllegalStateException exception) {
        return Response.status(409).entity(exception.getMessage()).type("text/plain").build();
    }
}
