package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.spi.Invoker;
import dev.brisk.rest.spi.Problems;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * Serves one {@link Endpoint}: request filters, locators, the resource method, its result (a value, a
 * {@code Response}, a {@code CompletionStage}, or an {@code AsyncResponse} resumed later), exception mappers,
 * response filters and the entity writer. Where a more specific template of the application could also match the
 * path (the specification's precedence differs from the router's segment order), those are tried first.
 */
final class ResourceHandler implements Handler {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");

    private final Endpoint endpoint;
    private final Providers providers;
    private final EntityIO entities;
    private final List<ContainerRequestFilter> requestFilters;
    private final List<ContainerResponseFilter> responseFilters;
    private final EntityIO.Bound bound;
    private final boolean preMatched;
    private final List<dev.brisk.codec.MediaType> produces;
    /** Endpoints for the same method whose templates rank higher and may match the same paths. */
    private ResourceHandler[] rivals = new ResourceHandler[0];

    ResourceHandler(Endpoint endpoint, Providers providers, EntityIO entities, EntityIO.Bound bound,
                    java.util.Set<Class<? extends java.lang.annotation.Annotation>> bindings) {
        this.endpoint = endpoint;
        this.preMatched = !providers.preMatchingFilters().isEmpty();
        this.produces = endpoint.produces();
        this.providers = providers;
        this.entities = entities;
        this.bound = bound;
        this.requestFilters = providers.requestFilters(bindings);
        this.responseFilters = providers.responseFilters(bindings);
    }

    Endpoint endpoint() {
        return endpoint;
    }

    void rivals(List<ResourceHandler> rivals) {
        this.rivals = rivals.toArray(new ResourceHandler[0]);
    }

    @Override
    public void handle(RequestContext ctx) {
        Exchange exchange = preMatched ? (Exchange) ctx.attributes().get(PreMatchingFilters.EXCHANGE) : null;
        if (exchange == null) {
            exchange = new Exchange(ctx, endpoint.applicationPath());
        }
        for (ResourceHandler rival : rivals) {
            Map<String, String> values = rival.endpoint.template().match(ctx.routePath());
            if (values != null) {
                rival.run(exchange, values);
                return;
            }
        }
        Map<String, String> values = null;
        if (!endpoint.template().routerExtracts()) {
            values = endpoint.template().match(ctx.routePath());
            if (values == null) {
                fail(exchange, new NotFoundException("no resource for " + ctx.request().path()));
                return;
            }
        }
        run(exchange, values);
    }

    private void run(Exchange exchange, Map<String, String> pathValues) {
        exchange.matched(endpoint, pathValues);
        Exchange previous = Exchange.enter(exchange);
        try {
            for (ContainerRequestFilter filter : requestFilters) {
                filter.filter(exchange);
                if (exchange.aborted() != null) {
                    respond(exchange, new ResponseState(exchange.aborted(), null, null), List.of());
                    return;
                }
            }
            invoke(exchange);
        } catch (Throwable t) {
            fail(exchange, t);
        } finally {
            Exchange.leave(previous);
        }
    }

    private void invoke(Exchange exchange) throws Throwable {
        Object target = endpoint.resource().apply(exchange);
        AsyncResponseImpl async = null;
        Object result = null;
        for (Step step : endpoint.steps()) {
            exchange.matchedResource(target);
            ParamSource[] plan = step.plan();
            Object[] args = plan.length == 0 ? Invoker.NO_ARGS : new Object[plan.length];
            for (int i = 0; i < plan.length; i++) {
                if (i == step.suspended()) {
                    async = new AsyncResponseImpl(this, exchange);
                    exchange.context().async();
                    args[i] = async;
                } else {
                    args[i] = plan[i].resolve(exchange);
                }
            }
            if (step.validation() != null) {
                step.validation().validateParameters(target, args);
            }
            result = step.invoker().invoke(target, args);
            if (step.validation() != null) {
                step.validation().validateReturnValue(target, result);
            }
            if (step.locator()) {
                if (result == null) {
                    throw new NotFoundException("sub-resource locator " + step + " returned null");
                }
                target = result instanceof Class<?> type ? type.getDeclaredConstructor().newInstance() : result;
            }
        }
        if (async != null) {
            return;
        }
        if (result instanceof CompletionStage<?> stage) {
            exchange.context().async();
            stage.whenComplete((value, error) -> {
                Exchange previous = Exchange.enter(exchange);
                try {
                    if (error != null) {
                        fail(exchange, error);
                    } else {
                        complete(exchange, value);
                    }
                } finally {
                    Exchange.leave(previous);
                }
            });
            return;
        }
        complete(exchange, result);
    }

    /** Answers with a method's result. */
    void complete(Exchange exchange, Object result) {
        try {
            ResponseState state;
            if (result instanceof Response response) {
                state = new ResponseState(response, null, endpoint.annotations());
            } else if (result == null) {
                state = new ResponseState(204, null, null, endpoint.annotations());
            } else if (result instanceof jakarta.ws.rs.core.GenericEntity<?> generic) {
                state = new ResponseState(200, generic.getEntity(), generic.getType(), endpoint.annotations());
            } else {
                state = new ResponseState(200, result, endpoint.returnType(), endpoint.annotations());
            }
            respond(exchange, state, produces);
        } catch (Throwable t) {
            fail(exchange, t);
        }
    }

    private void respond(Exchange exchange, ResponseState state, List<dev.brisk.codec.MediaType> produces)
            throws Exception {
        for (ContainerResponseFilter filter : responseFilters) {
            filter.filter(exchange, state);
        }
        entities.write(exchange, state, produces, bound);
    }

    /**
     * Answers a failure: the closest {@code ExceptionMapper}, else the response a {@code WebApplicationException}
     * carries (a problem document when it has no entity), else Brisk's own handling (exception handlers, 400 for
     * constraint violations, 500).
     */
    void fail(Exchange exchange, Throwable error) {
        Throwable cause = unwrap(error);
        RequestContext ctx = exchange.context();
        if (ctx.response().isCommitted()) {
            LOG.log(System.Logger.Level.WARNING, "failure after the response was committed: " + cause, cause);
            return;
        }
        try {
            // a WebApplicationException that carries an entity is its own answer (section 3.3.4)
            boolean ownAnswer = cause instanceof WebApplicationException wae && wae.getResponse().hasEntity();
            ExceptionMapper<Throwable> mapper = ownAnswer ? null : providers.mapper(cause);
            Response mapped = mapper != null ? mapper.toResponse(cause) : null;
            if (mapped == null && cause instanceof WebApplicationException wae) {
                mapped = wae.getResponse();
                if (!mapped.hasEntity() && mapped.getStatus() >= 400) {
                    mapped = withProblem(exchange, mapped, wae);
                }
            }
            if (mapped != null) {
                respond(exchange, new ResponseState(mapped, null, null), List.of());
                return;
            }
        } catch (Throwable mappingFailed) {
            cause = unwrap(mappingFailed);
        }
        // Brisk's pipeline answers the rest (exception handlers, validation problems, 500)
        ctx.send(CompletableFuture.failedFuture(cause));
    }

    private static Response withProblem(Exchange exchange, Response response, WebApplicationException error) {
        int status = response.getStatus();
        String message = error.getMessage();
        String defaultMessage = "HTTP " + status + " " + response.getStatusInfo().getReasonPhrase();
        String detail = message == null || message.equals(defaultMessage) ? null : message;
        String json = Problems.json(status, detail, exchange.serverRequest().path(), List.of()).toString();
        Response.ResponseBuilder builder = Response.status(response.getStatusInfo()).entity(json)
                .type("application/problem+json");
        response.getHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("content-type")) {
                values.forEach(v -> builder.header(name, v));
            }
        });
        return builder.build();
    }

    private static Throwable unwrap(Throwable error) {
        Throwable current = error;
        while ((current instanceof CompletionException || current instanceof ExecutionException
                || current instanceof InvocationTargetException) && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    @Override
    public String toString() {
        return endpoint.method().toString();
    }
}
