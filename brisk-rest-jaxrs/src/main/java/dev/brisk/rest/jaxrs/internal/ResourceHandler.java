package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.Handler;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.jaxrs.internal.sse.JaxRsEventSink;
import dev.brisk.rest.support.Invoker;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;

import dev.brisk.codec.MediaType;
import jakarta.ws.rs.core.GenericEntity;
import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * Serves one {@link Endpoint}: request filters, locators, the resource method, its result (a value, a
 * {@code Response}, a {@code CompletionStage}, or an {@code AsyncResponse} resumed later), exception mappers,
 * response filters and the entity writer. Where a more specific template of the application could also match the
 * path (the specification's precedence differs from the router's segment order), those are tried first.
 */
final class ResourceHandler implements Handler {

    private final Endpoint endpoint;
    private final List<ContainerRequestFilter> requestFilters;
    private final Responder responder;
    private final boolean preMatched;
    private final List<MediaType> produces;
    /** Endpoints for the same method whose templates rank higher and may match the same paths. */
    private ResourceHandler[] rivals = new ResourceHandler[0];

    ResourceHandler(Endpoint endpoint, Providers providers, EntityIO entities, Failures failures, EntityIO.Bound bound,
                    Set<Class<? extends Annotation>> bindings) {
        this.endpoint = endpoint;
        this.preMatched = !providers.preMatchingFilters().isEmpty();
        this.produces = endpoint.produces();
        this.requestFilters = providers.requestFilters(bindings);
        this.responder = new Responder(failures, entities, providers.responseFilters(bindings), bound);
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
                filter.filter(exchange.filterContext(responder.entities()));
                if (exchange.aborted() != null) {
                    responder.respond(exchange, new ResponseState(exchange.aborted(), null, null), List.of());
                    return;
                }
            }
            invoke(exchange);
        } catch (Throwable t) {
            JaxRsEventSink events = exchange.eventSink();
            if (events != null && !events.opened()) {
                events.abandon();
            }
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
                ValidationFailures.checkParameters(step.validation(), target, args);
            }
            result = step.invoker().invoke(target, args);
            if (step.validation() != null) {
                ValidationFailures.checkReturnValue(step.validation(), target, result);
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
        JaxRsEventSink events = exchange.eventSink();
        if (events != null) {
            // as in Jersey, the event stream opens once the method returned; what it sent until then goes first
            responder.openEvents(exchange, events, endpoint.annotations());
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
            } else if (result instanceof GenericEntity<?> generic) {
                state = new ResponseState(200, generic.getEntity(), generic.getType(), endpoint.annotations());
            } else {
                state = new ResponseState(200, result, endpoint.returnType(), endpoint.annotations());
            }
            responder.respond(exchange, state, produces);
        } catch (Throwable t) {
            fail(exchange, t);
        }
    }

    /** Answers a failure: the application's mappers, Jakarta REST's defaults, else Brisk's pipeline. */
    void fail(Exchange exchange, Throwable error) {
        responder.fail(exchange, error);
    }

    @Override
    public String toString() {
        return endpoint.method().toString();
    }
}
