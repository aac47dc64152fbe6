package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * The last resort: any other runtime exception becomes a 500 with a JSON {@link ApiError}. A
 * {@link WebApplicationException} without an entity also reaches this mapper (Jakarta REST 3.1, section 3.3.4);
 * it keeps the status and headers the exception chose and marks the response with {@code X-Mapped-By}.
 */
@Provider
public class FallbackExceptionMapper implements ExceptionMapper<RuntimeException> {

    @Override
    public Response toResponse(RuntimeException exception) {
        if (exception instanceof WebApplicationException webApplicationException) {
            return Response.fromResponse(webApplicationException.getResponse())
                    .header("X-Mapped-By", "fallback")
                    .build();
        }
        return Response.serverError()
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ApiError("internal_error", exception.getMessage()))
                .build();
    }
}
