package dev.brisk.rest.spi;

import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.Route;
import dev.brisk.rest.web.CorsConfig;

import java.util.List;
import java.util.Map;
import java.util.Optional;

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
    default Optional<RoutingFailureHandler> routingFailureHandler() {
        return Optional.empty();
    }

    /**
     * CORS rules by path pattern that the objects this support prepared declare for the whole server (such as a
     * controller style's global CORS configuration), in the order they apply; called after all {@link #routes}. They
     * come after the server's own {@code cors(...)} registrations: of several patterns matching a path, the first wins.
     */
    default List<Map.Entry<String, CorsConfig>> corsMappings() {
        return List.of();
    }

    /**
     * Interceptors the style's own configuration declares (Spring MVC's {@code WebMvcConfigurer.addInterceptors}),
     * asked after {@link #prepare}; they run after the server's own interceptors, in this order.
     */
    default List<HandlerInterceptor> interceptors() {
        return List.of();
    }
}
