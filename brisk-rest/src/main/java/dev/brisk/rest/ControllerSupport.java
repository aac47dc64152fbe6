package dev.brisk.rest;

import java.util.List;

/**
 * Turns annotated controllers (Spring MVC, JAX-RS, ...) into routes. Implementations are found with
 * {@link java.util.ServiceLoader}; the first that supports a controller's class builds its routes.
 */
public interface ControllerSupport {

    /** Whether this support understands the annotations of {@code type}. */
    boolean supports(Class<?> type);

    /** The routes of {@code controller}. */
    List<Route> routes(Object controller);
}
