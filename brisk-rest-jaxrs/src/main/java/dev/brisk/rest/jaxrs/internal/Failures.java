package dev.brisk.rest.jaxrs.internal;

import dev.brisk.rest.ConstraintViolationsException;
import dev.brisk.rest.support.HandledFailures;
import dev.brisk.rest.support.OptionalLibraries;
import dev.brisk.rest.support.Problems;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

import java.util.List;

/**
 * The response for a failure, as Jakarta REST defines it: a {@code WebApplicationException} that carries an entity
 * is its own answer; otherwise the application's {@code ExceptionMapper} for the closest superclass (the default
 * answer to a {@code ConstraintViolationException} counting as a mapper of {@code ValidationException} that yields to
 * the application's at the same distance); otherwise a {@code WebApplicationException}'s response (with an RFC 9457
 * problem when it has no entity) or that default answer. Anything else is left to Brisk (a 500).
 */
final class Failures {

    private static final System.Logger LOG = System.getLogger("dev.brisk.rest.jaxrs");

    private final Providers providers;

    Failures(Providers providers) {
        this.providers = providers;
    }

    /** The response for {@code cause}, or null when Brisk's own exception handling answers it. */
    Response toResponse(Exchange exchange, Throwable cause) {
        // whoever answers it, the request's observers (the metrics' exception tag) see the failure
        HandledFailures.record(exchange.context(), cause);
        if (cause instanceof WebApplicationException wae && wae.getResponse().hasEntity()) {
            return wae.getResponse();
        }
        // Bean Validation's default answer competes with the application's mappers as the mapper of
        // ValidationException that Jersey registers: a catch-all mapper does not turn a violation into a 500
        ExceptionMapper<Throwable> mapper = providers.mapper(cause,
                OptionalLibraries.BEAN_VALIDATION ? ValidationFailures.MAPPED_TYPE : null);
        if (mapper != null) {
            Response mapped;
            try {
                mapped = mapper.toResponse(cause);
            } catch (RuntimeException | LinkageError e) {
                // the specification: a mapper that fails gives a server error
                LOG.log(System.Logger.Level.ERROR, mapper.getClass().getName() + " failed to map " + cause, e);
                return problem(exchange, 500, null, List.of());
            }
            return mapped == null ? Response.noContent().build() : mapped;
        }
        if (cause instanceof WebApplicationException wae) {
            Response response = wae.getResponse();
            return response.hasEntity() || response.getStatus() < 400 ? response : withProblem(exchange, response, wae);
        }
        if (OptionalLibraries.BEAN_VALIDATION) {
            return ValidationFailures.defaultResponse(exchange, cause);
        }
        return null;
    }

    /** An {@code application/problem+json} response. */
    static Response problem(Exchange exchange, int status, String detail,
                            List<ConstraintViolationsException.Violation> errors) {
        return Response.status(status).type("application/problem+json")
                .entity(Problems.json(status, detail, exchange.serverRequest().path(), errors).toString()).build();
    }

    /** The response of a {@code WebApplicationException} without entity, with a problem document as its entity. */
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
}
