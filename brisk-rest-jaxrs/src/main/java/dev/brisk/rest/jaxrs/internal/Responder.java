package dev.brisk.rest.jaxrs.internal;

import dev.brisk.codec.MediaType;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.jaxrs.internal.sse.JaxRsEventSink;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Sends responses the Jakarta REST way: through the response filters (and writer interceptors) that apply, then
 * the entity writer; failures first become responses through {@link Failures}. One per resource method (its bound
 * filters), and one with the global providers for what no resource method answers (routing failures, automatic
 * {@code OPTIONS}, aborts before matching).
 */
final class Responder {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");

    private final Failures failures;
    private final EntityIO entities;
    private final List<ContainerResponseFilter> filters;
    private final EntityIO.Bound bound;

    Responder(Failures failures, EntityIO entities, List<ContainerResponseFilter> filters, EntityIO.Bound bound) {
        this.failures = failures;
        this.entities = entities;
        this.filters = filters;
        this.bound = bound;
    }

    /** What reads and writes the application's entities. */
    EntityIO entities() {
        return entities;
    }

    /** Runs the response filters on {@code state}, then writes it. */
    void respond(Exchange exchange, ResponseState state, List<MediaType> produces) throws Exception {
        if (exchange.context().isCancelled()) {
            return; // the request timed out and was answered 503; what the method returned after that goes nowhere
        }
        addVary(exchange, state);
        for (ContainerResponseFilter filter : filters) {
            filter.filter(exchange.filterContext(entities), state);
        }
        entities.write(exchange, state, produces, bound, this::failureState);
    }

    /**
     * Opens the event stream of a resource method that took an {@code SseEventSink}, once it returned: {@code 200}
     * {@code text/event-stream} through the response filters, then the head; the sink's held events follow.
     */
    void openEvents(Exchange exchange, JaxRsEventSink sink, Annotation[] annotations)
            throws Exception {
        ResponseState state = new ResponseState(200, null, null, annotations);
        state.mediaType(jakarta.ws.rs.core.MediaType.SERVER_SENT_EVENTS_TYPE);
        for (ContainerResponseFilter filter : filters) {
            filter.filter(exchange.filterContext(entities), state);
        }
        entities.applyHead(exchange, state, null);
        sink.open(exchange.context().sse());
    }

    /**
     * The response to a failure after the response filters (a streamed entity that failed before its head left), or
     * null when Brisk's exception handling answers it.
     */
    ResponseState failureState(Exchange exchange, Throwable error) throws Exception {
        Response mapped = failures.toResponse(exchange, unwrap(error));
        if (mapped == null) {
            return null;
        }
        ResponseState state = new ResponseState(mapped, null, null);
        addVary(exchange, state);
        for (ContainerResponseFilter filter : filters) {
            filter.filter(exchange.filterContext(entities), state);
        }
        return state;
    }

    /**
     * Adds to {@code state}'s {@code Vary} the request headers a {@code Request.selectVariant} of the exchange chose
     * by, those it does not name yet, as Jersey adds them before the response filters run.
     */
    private static void addVary(Exchange exchange, ResponseState state) {
        String vary = exchange.vary();
        if (vary == null) {
            return;
        }
        List<Object> present = state.getHeaders().get(HttpHeaders.VARY);
        if (present == null || present.isEmpty()) {
            state.getHeaders().putSingle(HttpHeaders.VARY, vary);
            return;
        }
        Set<String> named = new HashSet<>();
        for (Object value : present) {
            for (String name : String.valueOf(value).split(",")) {
                named.add(name.trim().toLowerCase(Locale.ROOT));
            }
        }
        if (named.contains("*")) {
            return;
        }
        StringJoiner missing = new StringJoiner(", ");
        for (String name : vary.split(", ")) {
            if (!named.contains(name.toLowerCase(Locale.ROOT))) {
                missing.add(name);
            }
        }
        if (missing.length() > 0) {
            state.getHeaders().add(HttpHeaders.VARY, missing.toString());
        }
    }

    /** Answers a failure with the response {@link Failures} gives, else leaves it to Brisk's pipeline. */
    void fail(Exchange exchange, Throwable error) {
        Throwable cause = unwrap(error);
        RequestContext ctx = exchange.context();
        if (ctx.isCancelled()) {
            // timed out and answered already: the method's failure on being cancelled is expected
            Throwable expected = cause;
            LOG.log(System.Logger.Level.DEBUG, () -> "failure of a cancelled request: " + expected);
            return;
        }
        if (ctx.response().isCommitted()) {
            LOG.log(System.Logger.Level.WARNING, "failure after the response was committed: " + cause, cause);
            return;
        }
        try {
            Response mapped = failures.toResponse(exchange, cause);
            if (mapped != null) {
                respond(exchange, new ResponseState(mapped, null, null), List.of());
                return;
            }
        } catch (Throwable mappingFailed) {
            cause = unwrap(mappingFailed);
        }
        // Brisk's pipeline answers the rest (exception handlers, 500)
        ctx.send(CompletableFuture.failedFuture(cause));
    }

    static Throwable unwrap(Throwable error) {
        Throwable current = error;
        while ((current instanceof CompletionException || current instanceof ExecutionException
                || current instanceof InvocationTargetException) && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
