package dev.brisk.rest.jaxrs.jersey;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

import java.util.concurrent.atomic.AtomicInteger;

/** Registered as an instance: one object for every request. */
@Path("counter")
public class CounterResource {

    private final AtomicInteger count = new AtomicInteger();

    @POST
    @Produces("text/plain")
    public String increment() {
        return Integer.toString(count.incrementAndGet());
    }
}
