package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.List;

/** The mapper of the application's own 404, closer to it than the catch-all. */
@Provider
public class TaskNotFoundMapper implements ExceptionMapper<TaskNotFoundException> {

    @Override
    public Response toResponse(TaskNotFoundException exception) {
        return Response.status(Response.Status.NOT_FOUND)
                .entity(new ApiError(404, exception.getMessage(), "TaskNotFoundException", List.of()))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("X-Mapped-By", "task-not-found")
                .build();
    }
}
