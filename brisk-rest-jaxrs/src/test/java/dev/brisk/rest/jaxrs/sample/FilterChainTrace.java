package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;

import java.util.ArrayList;
import java.util.List;

/**
 * Makes the order of the sample's global filters observable: each records its step in a request property, and
 * every response filter writes the steps so far to {@code X-Filter-Chain}, so the last one leaves the whole chain,
 * e.g. {@code in:request-id,in:access-log,out:access-log,out:request-id}.
 */
final class FilterChainTrace {

    static final String HEADER = "X-Filter-Chain";

    private FilterChainTrace() {
    }

    static void request(ContainerRequestContext request, String step) {
        steps(request).add(step);
    }

    static void response(ContainerRequestContext request, ContainerResponseContext response, String step) {
        List<String> steps = steps(request);
        steps.add(step);
        response.getHeaders().putSingle(HEADER, String.join(",", steps));
    }

    @SuppressWarnings("unchecked")
    private static List<String> steps(ContainerRequestContext request) {
        Object steps = request.getProperty(HEADER);
        if (steps == null) {
            steps = new ArrayList<String>();
            request.setProperty(HEADER, steps);
        }
        return (List<String>) steps;
    }
}
