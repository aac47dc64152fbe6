package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;

import java.util.Locale;

/**
 * For clients that can only POST: {@code X-HTTP-Method-Override: DELETE} turns the POST into a DELETE. Being
 * {@code @PreMatching}, it runs before the resource method is chosen, so the request is matched as a DELETE.
 */
@Provider
@PreMatching
public class HttpMethodOverrideFilter implements ContainerRequestFilter {

    public static final String HEADER = "X-HTTP-Method-Override";

    @Override
    public void filter(ContainerRequestContext request) {
        String override = request.getHeaderString(HEADER);
        if (override != null && HttpMethod.POST.equals(request.getMethod())) {
            request.setMethod(override.trim().toUpperCase(Locale.ROOT));
        }
    }
}
