package dev.brisk.rest.jaxrs.compat;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.util.List;

/** The tasks resource of the sample application: JSON in and out, validated input. */
@Path("tasks")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class TaskResource {

    private final TaskStore store;
    private final TaskEvents events;

    public TaskResource(TaskStore store) {
        this(store, new TaskEvents());
    }

    public TaskResource(TaskStore store, TaskEvents events) {
        this.store = store;
        this.events = events;
    }

    @GET
    public List<Task> list() {
        return store.all();
    }

    @GET
    @Path("{id}")
    public Task get(@PathParam("id") long id) {
        return store.get(id);
    }

    @POST
    public Response create(@Valid Task task, @Context UriInfo uriInfo) {
        Task created = store.add(task);
        events.created(created);
        return Response.created(uriInfo.getAbsolutePathBuilder().path(String.valueOf(created.getId())).build())
                .entity(created).build();
    }

    @PUT
    @Path("{id}")
    public Task replace(@PathParam("id") long id, @Valid Task task) {
        Task existing = store.get(id);
        existing.setTitle(task.getTitle());
        existing.setPriority(task.getPriority());
        existing.setDueDate(task.getDueDate());
        existing.setDone(task.isDone());
        return existing;
    }

    @DELETE
    @Path("{id}")
    public void delete(@PathParam("id") long id) {
        store.remove(id);
    }
}
