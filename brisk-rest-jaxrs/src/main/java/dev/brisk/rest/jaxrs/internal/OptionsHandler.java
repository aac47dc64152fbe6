package dev.brisk.rest.jaxrs.internal;

import dev.brisk.codec.ContentNegotiation;
import dev.brisk.codec.MediaType;
import dev.brisk.rest.Handler;
import dev.brisk.rest.RequestContext;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code OPTIONS} method of a path whose resources declare none, as Jersey generates it: {@code 200} with
 * {@code Allow}, and for a client that accepts {@code text/plain} the allowed methods as a {@code text/plain} entity
 * (else none), after the global request filters and through the global response filters (so that, for example, an
 * application's CORS filter answers preflight requests).
 */
final class OptionsHandler implements Handler {

    private static final List<MediaType> PLAIN_TEXT = List.of(MediaType.TEXT_PLAIN);

    private final Set<String> allow;
    private final String plainText;
    private final String applicationPath;
    private final List<ContainerRequestFilter> requestFilters;
    private final Responder responder;

    OptionsHandler(Set<String> allow, String plainText, String applicationPath,
                   List<ContainerRequestFilter> requestFilters, Responder responder) {
        this.allow = allow;
        this.plainText = plainText;
        this.applicationPath = applicationPath;
        this.requestFilters = requestFilters;
        this.responder = responder;
    }

    /**
     * The {@code text/plain} entity of a path whose resource methods have {@code methods}, as Jersey writes it: the
     * methods, {@code OPTIONS} and, with {@code GET}, {@code HEAD}, in the order of a {@link HashSet} filled in that
     * order, separated by {@code ", "}.
     */
    static String plainText(Set<String> methods) {
        Set<String> listed = new HashSet<>();
        listed.addAll(methods);
        listed.add(HttpMethod.OPTIONS);
        if (methods.contains(HttpMethod.GET)) {
            listed.add(HttpMethod.HEAD);
        }
        return String.join(", ", listed);
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
                filter.filter(exchange.filterContext(responder.entities()));
                if (exchange.aborted() != null) {
                    responder.respond(exchange, new ResponseState(exchange.aborted(), null, null), List.of());
                    return;
                }
            }
            Response response = ContentNegotiation.negotiate(exchange.accepted(), PLAIN_TEXT).isPresent()
                    ? Response.ok(plainText, "text/plain").allow(allow).build()
                    : Response.ok().allow(allow).build();
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
