package dev.brisk.rest.jaxrs.sample;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Asynchronous answers: {@code @Suspended AsyncResponse} resumed by another thread (with an entity, or with an
 * exception that goes through the exception mappers), a {@code CompletionStage} return value, and a long poll that
 * is resumed by another request or times out (503, as no timeout handler is set).
 */
@Path("/availability")
@Produces(MediaType.APPLICATION_JSON)
public class AvailabilityResource {

    private final BookStore store;
    private final Executor checker;
    private final Map<Long, List<AsyncResponse>> waiting = new HashMap<>();

    /** {@code checker} runs the (slow, remote) availability checks. */
    public AvailabilityResource(BookStore store, Executor checker) {
        this.store = store;
        this.checker = checker;
    }

    /** Checks on the checker's thread, which resumes the request; an unknown book resumes it with the exception. */
    @GET
    @Path("{id}")
    public void check(@PathParam("id") long id, @Suspended AsyncResponse response) {
        checker.execute(() -> {
            try {
                Book book = store.get(id);
                response.resume(Response.ok(new Availability(id, book.title(), !store.isOnLoan(id)))
                        .header("X-Checked-By", Thread.currentThread().getName())
                        .build());
            } catch (RuntimeException e) {
                response.resume(e);
            }
        });
    }

    /** The book, fetched on the checker's thread. */
    @GET
    @Path("{id}/book")
    public CompletionStage<Book> book(@PathParam("id") long id) {
        return CompletableFuture.supplyAsync(() -> store.get(id), checker);
    }

    /** Long poll: answers when the book is (or becomes) available, or 503 after {@code timeout} milliseconds. */
    @GET
    @Path("{id}/wait")
    public void await(@PathParam("id") long id, @QueryParam("timeout") @DefaultValue("10000") long timeout,
                      @Suspended AsyncResponse response) {
        Book book = store.get(id);
        synchronized (waiting) {
            if (store.isOnLoan(id)) {
                response.setTimeout(timeout, TimeUnit.MILLISECONDS);
                waiting.computeIfAbsent(id, key -> new ArrayList<>()).add(response);
                return;
            }
        }
        response.resume(new Availability(id, book.title(), true));
    }

    /** A copy comes back: the long polls waiting for it are answered. */
    @POST
    @Path("{id}/return")
    public Availability giveBack(@PathParam("id") long id) {
        Book book = store.get(id);
        Availability available = new Availability(id, book.title(), true);
        List<AsyncResponse> waiters;
        synchronized (waiting) {
            store.giveBack(id);
            waiters = waiting.getOrDefault(id, List.of());
            waiting.remove(id);
        }
        waiters.forEach(waiter -> waiter.resume(available));
        return available;
    }
}
