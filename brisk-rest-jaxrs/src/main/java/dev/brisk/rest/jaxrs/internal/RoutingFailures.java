package dev.brisk.rest.jaxrs.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.rest.Handler;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.Route;
import dev.brisk.rest.spi.RoutingFailure;
import dev.brisk.rest.spi.RoutingFailureHandler;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Answers, as Jersey does, requests for the application's paths that match no resource method: as a
 * {@code NotFoundException} (404), {@code NotAllowedException} (405, with {@code Allow}),
 * {@code NotAcceptableException} (406), {@code NotSupportedException} (415), or {@code BadRequestException} (400)
 * for a {@code Content-Type} that cannot be parsed, through the application's exception
 * mappers and its global response filters. {@code @PreMatching} filters have run; other request filters do not, as
 * no resource method matched.
 */
final class RoutingFailures implements RoutingFailureHandler {

    private final Responder responder;
    /** The application path of each route handler of the application. */
    private final Map<Handler, String> handlers;
    /** The paths whose 404s the application answers, longest first, with their application paths. */
    private final List<Map.Entry<String, String>> claimedPaths;

    RoutingFailures(Responder responder, Map<Handler, String> handlers, Map<String, String> claimedPaths) {
        this.responder = responder;
        this.handlers = handlers;
        List<Map.Entry<String, String>> claimed = new ArrayList<>(claimedPaths.entrySet());
        claimed.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> e.getKey().length()).reversed());
        this.claimedPaths = List.copyOf(claimed);
    }

    @Override
    public boolean handle(RequestContext ctx, RoutingFailure failure) {
        String applicationPath = owner(failure);
        if (applicationPath == null) {
            return false;
        }
        WebApplicationException error = switch (failure.status()) {
            case 404 -> new NotFoundException(failure.detail());
            case 405 -> new NotAllowedException(failure.detail(), Response.status(405)
                    .allow(new LinkedHashSet<>(failure.allowed())).build());
            case 406 -> new NotAcceptableException(failure.detail());
            case 415 -> malformedContentType(ctx) ? new BadRequestException("invalid Content-Type: "
                    + ctx.request().headers().get("content-type", "")) : new NotSupportedException(failure.detail());
            default -> null;
        };
        if (error == null) {
            return false;
        }
        Exchange exchange = (Exchange) ctx.attributes().get(PreMatchingFilters.EXCHANGE);
        if (exchange == null) {
            exchange = new Exchange(ctx, applicationPath);
        }
        Exchange previous = Exchange.enter(exchange);
        try {
            responder.fail(exchange, error);
        } finally {
            Exchange.leave(previous);
        }
        return true;
    }

    /**
     * Whether the request's {@code Content-Type} cannot be parsed: Jersey answers {@code 400} for it rather than the
     * {@code 415} of a type no resource method consumes.
     */
    private static boolean malformedContentType(RequestContext ctx) {
        String contentType = ctx.request().headers().get("content-type", null);
        if (contentType == null) {
            return false;
        }
        try {
            MediaType.parse(contentType);
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    /**
     * The application path of the failure when the application owns it: the path matched one of its routes, or,
     * for a 404, lies under a path the application claims; null otherwise.
     */
    private String owner(RoutingFailure failure) {
        if (!failure.routes().isEmpty()) {
            for (Route route : failure.routes()) {
                String applicationPath = handlers.get(route.handler());
                if (applicationPath != null) {
                    return applicationPath;
                }
            }
            return null;
        }
        String path = failure.path();
        for (Map.Entry<String, String> claimed : claimedPaths) {
            String prefix = claimed.getKey();
            if (prefix.equals("/") || path.equals(prefix)
                    || path.startsWith(prefix) && path.charAt(prefix.length()) == '/') {
                return claimed.getValue();
            }
        }
        return null;
    }
}
