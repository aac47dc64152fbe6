package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.HashSet;
import java.util.Set;

/**
 * A to-do service written for Jersey, deployed under {@code /api}: its resources (tasks, CSV exports, attachments,
 * live events), a catch-all mapper and two specific ones, a CORS response filter, gzip for exports, JSON settings,
 * and request filters that record what they see.
 */
@ApplicationPath("/api")
public class TodoApplication extends Application {

    private final TaskStore store;
    private final FilterTrace trace;
    private final TaskArchive archive;
    private final AttachmentStore attachments;
    private final TaskEvents events;

    public TodoApplication(TaskStore store, FilterTrace trace) {
        this(store, trace, TaskArchive.empty(), AttachmentStore.inTemporaryDirectory(), new TaskEvents());
    }

    public TodoApplication(TaskStore store, FilterTrace trace, TaskArchive archive, AttachmentStore attachments,
                           TaskEvents events) {
        this.store = store;
        this.trace = trace;
        this.archive = archive;
        this.attachments = attachments;
        this.events = events;
    }

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(Set.of(CatchAllExceptionMapper.class, TaskNotFoundMapper.class,
                ConstraintViolationMapper.class, JsonConfig.class, GzipCompression.class));
        classes.add(CorsFilter.class);
        return classes;
    }

    @Override
    @SuppressWarnings("deprecation")
    public Set<Object> getSingletons() {
        return new HashSet<>(Set.of(new TaskResource(store, events), new TaskExportResource(store, archive),
                new AttachmentResource(store, attachments), new TaskEventsResource(store, events),
                trace.preMatching(), trace.matched()));
    }
}
