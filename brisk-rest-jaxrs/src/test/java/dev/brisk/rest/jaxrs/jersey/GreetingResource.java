package dev.brisk.rest.jaxrs.jersey;

import jakarta.validation.constraints.Min;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/** Registered as a class: created per request. */
@Path("greetings")
@Produces("text/plain")
public class GreetingResource {

    @GET
    @Path("{name}")
    public String greet(@PathParam("name") String name) {
        return "hello " + name;
    }

    /** With Bean Validation on, {@code n=0} would be a 400; the application turns it off. */
    @GET
    @Path("times")
    public String times(@QueryParam("n") @Min(1) int n) {
        return "n=" + n;
    }

    /** A 204 built with an entity: the entity and its type are not sent. */
    @GET
    @Path("nothing")
    public Response nothing() {
        return Response.noContent().entity("ignored").type("text/plain").build();
    }

    /** Fails with an exception the application's mapper answers. */
    @POST
    @Path("conflict")
    public String conflict(String body) {
        throw new IllegalStateException("taken: " + body);
    }
}
