package dev.brisk.rest.jaxrs.compat;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.List;

/** Bean Validation failures as the application wants them: 422 listing {@code field: message}. */
@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

    @Override
    public Response toResponse(ConstraintViolationException exception) {
        List<String> violations = exception.getConstraintViolations().stream()
                .map(ConstraintViolationMapper::describe).sorted().toList();
        return Response.status(422)
                .entity(new ApiError(422, "invalid task", "ConstraintViolationException", violations))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .build();
    }

    private static String describe(ConstraintViolation<?> violation) {
        String path = violation.getPropertyPath().toString();
        return path.substring(path.lastIndexOf('.') + 1) + ": " + violation.getMessage();
    }
}
