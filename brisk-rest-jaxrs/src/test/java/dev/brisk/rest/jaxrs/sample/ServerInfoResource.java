package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A per-request resource: listed in {@link LibraryApplication#getClasses()}, so the runtime creates an instance for
 * every request (its public no-argument constructor) and injects its annotated fields, {@code @Context} and
 * {@code @QueryParam} alike.
 */
@Path("/info")
@Produces(MediaType.APPLICATION_JSON)
public class ServerInfoResource {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final int instance = INSTANCES.incrementAndGet();

    @Context
    private UriInfo uriInfo;

    @QueryParam("verbose")
    @DefaultValue("false")
    private boolean verbose;

    @GET
    public Map<String, Object> info() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("service", "library");
        info.put("instance", instance);
        info.put("baseUri", uriInfo.getBaseUri().toString());
        if (verbose) {
            info.put("path", uriInfo.getPath());
        }
        return info;
    }
}
