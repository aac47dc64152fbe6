package dev.brisk.rest.jaxrs.jersey.scanned.deeper;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/** A resource of a sub-package: found only when scanning is recursive. */
@Path("deeper")
public class DeeperResource {

    @GET
    @Produces("text/plain")
    public String deeper() {
        return "deeper";
    }
}
