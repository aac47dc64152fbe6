package dev.brisk.rest.jaxrs;

import dev.brisk.rest.Filter;
import dev.brisk.rest.Route;
import dev.brisk.rest.jaxrs.internal.JaxRsApplication;
import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.spi.RoutingFailureHandler;

import java.util.List;
import java.util.Optional;

/**
 * Runs Jakarta REST (JAX-RS) resources and providers on Brisk, unchanged: found through
 * {@link java.util.ServiceLoader} when this module is on the class path, so
 * {@code Brisk.server().controllers(new BookResource(), new NotFoundMapper())} — or
 * {@code controllers(new MyApplication())} for a {@code jakarta.ws.rs.core.Application} — is all it takes.
 * Resource methods become Brisk routes at startup; providers (exception mappers, filters, interceptors, entity
 * readers and writers, parameter converters) apply to them as the specification says.
 */
public final class JaxRsControllerSupport implements ControllerSupport {

    private final JaxRsApplication application = new JaxRsApplication();

    @Override
    public boolean supports(Class<?> type) {
        return JaxRsApplication.supports(type);
    }

    @Override
    public void prepare(List<Object> controllers) {
        application.prepare(controllers);
    }

    @Override
    public List<Route> routes(Object controller) {
        return application.routes(controller);
    }

    @Override
    public List<Filter> filters() {
        return application.filters();
    }

    @Override
    public Optional<RoutingFailureHandler> routingFailureHandler() {
        return application.routingFailureHandler();
    }
}
