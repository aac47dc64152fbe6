package dev.brisk.rest.spi;

import dev.brisk.rest.Filter;
import dev.brisk.rest.Route;

import java.util.List;

/**
 * Turns annotated controllers (Spring MVC, JAX-RS, ...) into routes. Implementations are found with
 * {@link java.util.ServiceLoader}; the first that supports a controller's class builds its routes.
 */
public interface ControllerSupport {

    /** Whether this support understands the annotations of {@code type}. */
    boolean supports(Class<?> type);

    /**
     * Called once, before any {@link #routes(Object)}, with every registered object this support supports: lets it
     * see objects that apply to others (such as advice classes) whatever the registration order.
     */
    default void prepare(List<Object> controllers) {
    }

    /** The routes of {@code controller} (none for objects that only serve others). */
    List<Route> routes(Object controller);

    /** Filters to run before routing for the controllers this support prepared; called after all {@link #routes}. */
    default List<Filter> filters() {
        return List.of();
    }

    /**
     * Answers requests that routing could not hand to a route, for the paths this support owns; called after all
     * {@link #routes}. Brisk answers the requests no handler takes.
     */
    default java.util.Optional<RoutingFailureHandler> routingFailureHandler() {
        return java.util.Optional.empty();
    }
}
