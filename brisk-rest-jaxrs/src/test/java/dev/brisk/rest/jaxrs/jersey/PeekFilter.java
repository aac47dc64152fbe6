package dev.brisk.rest.jaxrs.jersey;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * Written for Jersey: casts its context to Jersey's {@link ContainerRequest} to read the entity, the request URI
 * and a path parameter, and reports them in response headers.
 */
public class PeekFilter implements ContainerRequestFilter, ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext context) {
        ContainerRequest request = (ContainerRequest) context;
        request.setProperty("peek.path", request.getRequestUri().getPath());
        request.setProperty("peek.name", request.getUriInfo().getPathParameters().getFirst("name"));
        if (request.hasEntity() && request.getHeaderString("X-Peek") != null) {
            request.setProperty("peek.entity", request.readEntity(String.class));
            // one of Jersey's own accessors, read from its header map
            request.setProperty("peek.accept", request.getQualifiedAcceptableMediaTypes().get(0).toString());
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Peeked-Path", String.valueOf(request.getProperty("peek.path")));
        Object name = request.getProperty("peek.name");
        if (name != null) {
            response.getHeaders().putSingle("X-Peeked-Name", name.toString());
        }
        Object accept = request.getProperty("peek.accept");
        if (accept != null) {
            response.getHeaders().putSingle("X-Peeked-Accept", accept.toString());
        }
        Object entity = request.getProperty("peek.entity");
        if (entity != null) {
            response.getHeaders().putSingle("X-Peeked-Entity", entity.toString());
        }
    }
}
