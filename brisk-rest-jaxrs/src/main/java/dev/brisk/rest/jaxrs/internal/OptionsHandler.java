package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.RequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.Set;

/**
 * The {@code OPTIONS} method of a path whose resources declare none, as Jersey generates it: {@code 200} with
 * {@code Allow} and no entity, after the global request filters and through the global response filters (so that,
 * for example, an application's CORS filter answers preflight requests).
 */
final class OptionsHandler implements Handler {

    private final Set<String> allow;
    private final String applicationPath;
    private final List<ContainerRequestFilter> requestFilters;
    private final Responder responder;

    OptionsHandler(Set<String> allow, String applicationPath, List<ContainerRequestFilter> requestFilters,
                   Responder responder) {
        this.allow = allow;
        this.applicationPath = applicationPath;
        this.requestFilters = requestFilters;
        this.responder = responder;
    }

    String applicationPath() {
        return applicationPath;
    }

    @Override
    public void handle(RequestContext ctx) {
        Exchange exchange = (Exchange) ctx.attributes().get(PreMatchingFilters.EXCHANGE);
        if (exchange == null) {
            exchange = new Exchange(ctx, applicationPath);
        }
        Exchange previous = Exchange.enter(exchange);
        try {
            for (ContainerRequestFilter filter : requestFilters) {
                filter.filter(exchange);
                if (exchange.aborted() != null) {
                    responder.respond(exchange, new ResponseState(exchange.aborted(), null, null), List.of());
                    return;
                }
            }
            Response response = Response.ok().allow(allow).build();
            responder.respond(exchange, new ResponseState(response, null, null), List.of());
        } catch (Throwable t) {
            responder.fail(exchange, t);
        } finally {
            Exchange.leave(previous);
        }
    }

    @Override
    public String toString() {
        return "automatic OPTIONS (Allow: " + allow + ")";
    }
}
