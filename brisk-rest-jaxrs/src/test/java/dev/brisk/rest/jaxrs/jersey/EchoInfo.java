package dev.brisk.rest.jaxrs.jersey;

import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;

/** The handler class of a programmatic resource method: created per request, parameters as a resource's. */
public class EchoInfo {

    public String info(@QueryParam("q") String q) {
        return "info:" + q;
    }

    /** Takes a path parameter: only a resource whose path has {@code {id}} can be handled by it. */
    public String byId(@PathParam("id") String id) {
        return "id:" + id;
    }
}
