package dev.brisk.rest.jaxrs.compat;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.Set;

/**
 * A to-do service written for Jersey, deployed under {@code /api}: its resource, a catch-all mapper and two specific
 * ones, a CORS response filter, JSON settings, and request filters that record what they see.
 */
@ApplicationPath("/api")
public class TodoApplication extends Application {

    private final TaskStore store;
    private final FilterTrace trace;

    public TodoApplication(TaskStore store, FilterTrace trace) {
        this.store = store;
        this.trace = trace;
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(CorsFilter.class, CatchAllExceptionMapper.class, TaskNotFoundMapper.class,
                ConstraintViolationMapper.class, JsonConfig.class);
    }

    @Override
    @SuppressWarnings("deprecation")
    public Set<Object> getSingletons() {
        return Set.of(new TaskResource(store), trace.preMatching(), trace.matched());
    }
}
