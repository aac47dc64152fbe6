package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.ResponseEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponse;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Spring's {@link ProblemDetail} and {@link ErrorResponse} as responses, the way Spring MVC writes them: the status of
 * the problem (or of the entity carrying it), {@code application/problem+json}, the request path as {@code instance}
 * when the problem has none, and the members written flat as Spring's Jackson mix-in does ({@code type}, {@code title},
 * {@code status}, {@code detail}, {@code instance}, then each property at the top level; empty members left out).
 */
final class ProblemDetails {

    static final String PROBLEM_JSON = "application/problem+json";

    private ProblemDetails() {
    }

    /** A problem answered with its own status. */
    static ResponseEntity<Object> entity(RequestContext ctx, ProblemDetail problem) {
        return entity(ctx, problem, problem.getStatus(), null);
    }

    /** An {@link ErrorResponse} (e.g. an {@code ErrorResponseException}): its status, headers and problem. */
    static ResponseEntity<Object> entity(RequestContext ctx, ErrorResponse error) {
        return entity(ctx, error.getBody(), error.getStatusCode().value(), error.getHeaders());
    }

    /** A problem answered with {@code status} and {@code headers} (those of a Spring entity, or none). */
    static ResponseEntity<Object> entity(RequestContext ctx, ProblemDetail problem, int status, HttpHeaders headers) {
        ResponseEntity.Builder builder = ResponseEntity.status(status);
        if (headers != null) {
            SpringResults.copyHeaders(headers, builder);
        }
        if (headers == null || headers.getContentType() == null) {
            builder.header("content-type", PROBLEM_JSON);
        }
        return builder.body(members(ctx, problem));
    }

    /** The members of {@code problem} in the order Spring writes them, properties flattened. */
    static Map<String, Object> members(RequestContext ctx, ProblemDetail problem) {
        if (problem.getInstance() == null) {
            problem.setInstance(URI.create(ctx.request().rawPath()));
        }
        Map<String, Object> members = new LinkedHashMap<>();
        put(members, "type", problem.getType());
        put(members, "title", problem.getTitle());
        members.put("status", problem.getStatus());
        put(members, "detail", problem.getDetail());
        put(members, "instance", problem.getInstance());
        if (problem.getProperties() != null) {
            problem.getProperties().forEach((name, value) -> put(members, name, value));
        }
        return members;
    }

    private static void put(Map<String, Object> members, String name, Object value) {
        if (value == null || value instanceof CharSequence text && text.isEmpty()) {
            return;
        }
        members.put(name, value instanceof URI uri ? uri.toString() : value);
    }
}
