package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.ResponseEntity;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponse;

import java.util.Optional;

/**
 * Turns Spring MVC return values into Brisk results: {@code ResponseEntity} and {@code HttpEntity}, {@code ProblemDetail}
 * and {@code ErrorResponse} (as problems), {@code Optional} as Spring reads it (empty is an empty body).
 * {@code CompletionStage}s are unwrapped by the handler, which also answers their failures.
 */
final class SpringResults {

    private SpringResults() {
    }

    static Object adapt(RequestContext ctx, Object result) {
        if (result instanceof HttpEntity<?> entity) {
            int status = entity instanceof org.springframework.http.ResponseEntity<?> response
                    ? response.getStatusCode().value() : 200;
            if (entity.getBody() instanceof ProblemDetail problem) {
                return ProblemDetails.entity(ctx, problem, status, entity.getHeaders());
            }
            ResponseEntity.Builder builder = ResponseEntity.status(status);
            copyHeaders(entity.getHeaders(), builder);
            return builder.body(adapt(ctx, entity.getBody()));
        }
        if (result instanceof ProblemDetail problem) {
            return ProblemDetails.entity(ctx, problem);
        }
        if (result instanceof ErrorResponse error) {
            return ProblemDetails.entity(ctx, error);
        }
        if (result instanceof Optional<?> optional) {
            // Spring MVC writes an empty Optional as an empty body
            return adapt(ctx, optional.orElse(null));
        }
        return result;
    }

    static void copyHeaders(HttpHeaders headers, ResponseEntity.Builder builder) {
        headers.forEach((name, values) -> builder.header(name, String.join(", ", values)));
    }
}
