package dev.brisk.rest.jaxrs.sample;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

import java.util.UUID;

/**
 * Correlation ids: takes the client's {@code X-Request-Id} (or makes one) and puts it on every response, including
 * those of exception mappers and of requests another filter aborted. Priority {@code HEADER_DECORATOR} (3000): as a
 * request filter before {@link AccessLogFilter} (5000), as a response filter after it (response filters run in
 * descending priority order).
 */
@Provider
@Priority(Priorities.HEADER_DECORATOR)
public class RequestIdFilter implements ContainerRequestFilter, ContainerResponseFilter {

    public static final String HEADER = "X-Request-Id";

    @Override
    public void filter(ContainerRequestContext request) {
        request.setProperty(HEADER, requestId(request));
        FilterChainTrace.request(request, "in:request-id");
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object id = request.getProperty(HEADER);
        response.getHeaders().putSingle(HEADER, id != null ? id : requestId(request));
        FilterChainTrace.response(request, response, "out:request-id");
    }

    private static String requestId(ContainerRequestContext request) {
        String id = request.getHeaderString(HEADER);
        return id != null && !id.isBlank() ? id : UUID.randomUUID().toString();
    }
}
