package dev.brisk.rest.internal.assembly;

import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.Route;
import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.spi.RoutingFailureHandler;
import dev.brisk.rest.web.CorsConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The routes of annotated controllers, from the {@link ControllerSupport}s found with {@link ServiceLoader}, and the
 * filters, routing failure handlers and CORS mappings those supports need.
 */
record ControllerRoutes(List<Route> routes, List<Filter> filters, List<RoutingFailureHandler> failureHandlers,
                        List<Map.Entry<String, CorsConfig>> corsMappings, List<HandlerInterceptor> interceptors) {

    private static final ControllerRoutes NONE = new ControllerRoutes(List.of(), List.of(), List.of(), List.of(),
            List.of());

    static ControllerRoutes of(List<Object> controllers) {
        if (controllers.isEmpty()) {
            return NONE;
        }
        List<ControllerSupport> supports = new ArrayList<>();
        ServiceLoader.load(ControllerSupport.class).forEach(supports::add);
        List<Map.Entry<Object, ControllerSupport>> chosen = new ArrayList<>();
        for (Object controller : controllers) {
            ControllerSupport support = supports.stream().filter(s -> s.supports(controller.getClass()))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException("no controller support for "
                            + controller.getClass().getName() + ": add brisk-rest-spring or brisk-rest-jaxrs, "
                            + "or register its routes with route(...)"));
            chosen.add(Map.entry(controller, support));
        }
        for (ControllerSupport support : supports) {
            List<Object> mine = chosen.stream().filter(e -> e.getValue() == support).map(Map.Entry::getKey).toList();
            if (!mine.isEmpty()) {
                support.prepare(mine);
            }
        }
        List<Route> routes = new ArrayList<>();
        chosen.forEach(e -> routes.addAll(e.getValue().routes(e.getKey())));
        List<ControllerSupport> used = chosen.stream().map(Map.Entry::getValue).distinct().toList();
        List<Filter> filters = new ArrayList<>();
        List<RoutingFailureHandler> failureHandlers = new ArrayList<>();
        List<Map.Entry<String, CorsConfig>> cors = new ArrayList<>();
        used.forEach(support -> filters.addAll(support.filters()));
        used.forEach(support -> support.routingFailureHandler().ifPresent(failureHandlers::add));
        used.forEach(support -> cors.addAll(support.corsMappings()));
        List<HandlerInterceptor> interceptors = new ArrayList<>();
        used.forEach(support -> interceptors.addAll(support.interceptors()));
        return new ControllerRoutes(routes, filters, failureHandlers, cors, interceptors);
    }
}
