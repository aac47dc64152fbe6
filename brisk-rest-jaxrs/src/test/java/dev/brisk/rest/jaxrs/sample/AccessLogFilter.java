package dev.brisk.rest.jaxrs.sample;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * An access log at priority {@code USER} (5000): the innermost of the sample's global filters, so it sees the
 * request last and the response first. Also reports the handling time in {@code Server-Timing}.
 */
@Provider
@Priority(Priorities.USER)
public class AccessLogFilter implements ContainerRequestFilter, ContainerResponseFilter {

    private static final String STARTED = AccessLogFilter.class.getName() + ".started";

    private final List<String> log = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void filter(ContainerRequestContext request) {
        request.setProperty(STARTED, System.nanoTime());
        FilterChainTrace.request(request, "in:access-log");
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object started = request.getProperty(STARTED);
        if (started != null) {
            double millis = (System.nanoTime() - (Long) started) / 1_000_000.0;
            response.getHeaders().putSingle("Server-Timing", String.format(Locale.ROOT, "app;dur=%.2f", millis));
        }
        log.add(request.getMethod() + " " + request.getUriInfo().getPath() + " " + response.getStatus());
        FilterChainTrace.response(request, response, "out:access-log");
    }

    /** The lines logged so far: {@code METHOD path status}. */
    public List<String> lines() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }
}
