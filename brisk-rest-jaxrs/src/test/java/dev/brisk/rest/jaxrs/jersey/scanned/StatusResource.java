package dev.brisk.rest.jaxrs.jersey.scanned;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/** A resource found by scanning its package, never registered by name. */
@Path("status")
public class StatusResource {

    @GET
    @Produces("text/plain")
    public String status() {
        return "up";
    }

    /** A nested resource class: scanned too, as Jersey scans nested static classes. */
    @Path("status/nested")
    public static class Nested {

        @GET
        @Produces("text/plain")
        public String nested() {
            return "nested";
        }
    }
}
