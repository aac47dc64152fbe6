package dev.brisk.examples.demo.orders;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.net.URI;
import java.util.List;

/**
 * The orders API, a JAX-RS resource served by brisk-rest-jaxrs: list, read and place orders. An unknown id is a 404
 * problem, an order that breaks its constraints a 400 problem listing each field, one the warehouse cannot serve a
 * 409 problem.
 */
@Path("/api/orders")
@Produces(MediaType.APPLICATION_JSON)
public class OrderResource {

    private final Orders orders;
    private final Checkout checkout;

    /** A resource over {@code orders}, placing new ones through {@code checkout}. */
    public OrderResource(Orders orders, Checkout checkout) {
        this.orders = orders;
        this.checkout = checkout;
    }

    /** Every order, newest first. */
    @GET
    public List<Order> list() {
        return orders.all();
    }

    /** One order. */
    @GET
    @Path("{id}")
    public Order get(@PathParam("id") long id) {
        return orders.find(id).orElseThrow(() -> new NotFoundException("no order with id " + id));
    }

    /** Places an order: 201 with its address in {@code Location}. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response place(@Valid @NotNull OrderRequest request) {
        Order order = checkout.place(request);
        return Response.created(URI.create("/api/orders/" + order.id())).entity(order).build();
    }
}
