package dev.brisk.benchmarks.serve;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The standard endpoints as a Jakarta REST resource would write them (JSON through the codec, as usual). */
@Path("/")
public class BenchmarkJaxRsResource {

    @GET
    @Path("hello")
    @Produces(MediaType.TEXT_PLAIN)
    public String hello() {
        return "Hello, World!";
    }

    @POST
    @Path("echo")
    public Response echo(byte[] body, @HeaderParam("content-type") String type) {
        return Response.ok(body, type == null ? Endpoints.OCTET_STREAM : type).build();
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    public BenchmarkSpringController.Message json() {
        return new BenchmarkSpringController.Message("Hello, World!");
    }

    @GET
    @Path("users/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public BenchmarkSpringController.User user(@PathParam("id") long id) {
        return new BenchmarkSpringController.User(id, "User " + id, "user" + id + "@example.com");
    }
}
