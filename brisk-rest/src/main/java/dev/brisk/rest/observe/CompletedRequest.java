package dev.brisk.rest.observe;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RouteInfo;

import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link RequestObserver} learns of one finished request.
 *
 * @param context       the request's context (request line, headers, attributes); its response is sent
 * @param route         the route that took the request; empty when none did (404, 405, a filter answered first,
 *                      a body refused before routing)
 * @param status        the status code sent
 * @param durationNanos from the moment the pipeline received the request (an aggregated body has arrived by then)
 *                      until the response was written to the socket
 * @param error         the handler's failure (answered by an exception handler or as a problem response), else the
 *                      reason the response could not be written (the connection closed); empty when all went well
 */
public record CompletedRequest(RequestContext context, Optional<RouteInfo> route, int status, long durationNanos,
                               Optional<Throwable> error) {

    public CompletedRequest {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(error, "error");
    }

    /** The request's method name, e.g. {@code GET}. */
    public String method() {
        return context.request().method().name();
    }
}
