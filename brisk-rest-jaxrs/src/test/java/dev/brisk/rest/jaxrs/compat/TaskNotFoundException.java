package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.NotFoundException;

/** The application's own 404: a subclass of {@code NotFoundException}, so the closest mapper is chosen for it. */
public class TaskNotFoundException extends NotFoundException {

    public TaskNotFoundException(long id) {
        super("no task " + id);
    }
}
