package dev.brisk.rest.jaxrs.jersey;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * Written for Jersey: casts its context to Jersey's {@link ContainerRequest} to read the entity and the request
 * URI, and reports both in response headers.
 */
public class PeekFilter implements ContainerRequestFilter, ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext context) {
        ContainerRequest request = (ContainerRequest) context;
        request.setProperty("peek.path", request.getRequestUri().getPath());
        if (request.hasEntity() && request.getHeaderString("X-Peek") != null) {
            request.setProperty("peek.entity", request.readEntity(String.class));
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Peeked-Path", String.valueOf(request.getProperty("peek.path")));
        Object entity = request.getProperty("peek.entity");
        if (entity != null) {
            response.getHeaders().putSingle("X-Peeked-Entity", entity.toString());
        }
    }
}
