package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.List;

/**
 * The usual last-resort mapper: a {@code WebApplicationException} keeps its status and headers (such as
 * {@code Allow}) with a JSON body; anything else is a 500 that hides the details.
 */
@Provider
public class CatchAllExceptionMapper implements ExceptionMapper<Throwable> {

    @Override
    public Response toResponse(Throwable exception) {
        String name = exception.getClass().getSimpleName();
        if (exception instanceof WebApplicationException wae) {
            Response response = wae.getResponse();
            return Response.fromResponse(response)
                    .entity(new ApiError(response.getStatus(), exception.getMessage(), name, List.of()))
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .build();
        }
        return Response.serverError()
                .entity(new ApiError(500, "unexpected error", name, List.of()))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .build();
    }
}
