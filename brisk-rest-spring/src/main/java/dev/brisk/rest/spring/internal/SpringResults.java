package dev.brisk.rest.spring.internal;

import dev.brisk.rest.RequestContext;
import dev.brisk.rest.ResponseEntity;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponse;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Turns Spring MVC return values into Brisk results: {@code ResponseEntity} and {@code HttpEntity}, {@code ProblemDetail}
 * and {@code ErrorResponse} (as problems), {@code Optional} as Spring reads it (empty is an empty body), binary bodies
 * labelled as Spring labels them ({@code byte[]}, {@link Resource}s: {@link ResourceBodies}), and, with
 * spring-webmvc, {@code StreamingResponseBody} and the emitters ({@link MvcResults}), alone or in an entity.
 * {@code CompletionStage}s are unwrapped by the handler, which also answers their failures.
 */
final class SpringResults {

    /**
     * The result of a handler whose response is under way by other means (an emitter's stream): a stage nobody
     * completes, so that Brisk waits for the response the emitter ends.
     */
    static final class UnderWay extends CompletableFuture<Object> {
    }

    private SpringResults() {
    }

    static Object adapt(RequestContext ctx, Object result) throws Exception {
        if (result instanceof HttpEntity<?> entity) {
            int status = entity instanceof org.springframework.http.ResponseEntity<?> response
                    ? response.getStatusCode().value() : 200;
            Object body = entity.getBody();
            if (body instanceof ProblemDetail problem) {
                return ProblemDetails.entity(ctx, problem, status, entity.getHeaders());
            }
            if (SpringClasses.WEBMVC && MvcResults.isEmitter(body)) {
                ctx.status(status);
                entity.getHeaders().forEach((name, values) -> ctx.header(name, String.join(", ", values)));
                return emit(ctx, body);
            }
            ResponseEntity.Builder builder = ResponseEntity.status(status);
            copyHeaders(entity.getHeaders(), builder);
            return builder.body(body(ctx, body, entity.getHeaders().getContentType() != null));
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
        if (SpringClasses.WEBMVC && MvcResults.isEmitter(result)) {
            return emit(ctx, result);
        }
        return body(ctx, result, false);
    }

    /** A body value; binary ones labelled unless {@code typed} (the handler set the Content-Type). */
    private static Object body(RequestContext ctx, Object body, boolean typed) throws Exception {
        if (body instanceof Resource resource) {
            return ResourceBodies.body(ctx, resource, typed);
        }
        if (body instanceof byte[]) {
            if (!typed) {
                BinaryBodies.label(ctx, null);
            }
            return body;
        }
        if (SpringClasses.WEBMVC && MvcResults.isStreaming(body)) {
            if (!typed) {
                BinaryBodies.label(ctx, null);
            }
            return MvcResults.streaming(body);
        }
        return body;
    }

    private static Object emit(RequestContext ctx, Object emitter) {
        MvcResults.emit(ctx, emitter);
        return new UnderWay();
    }

    static void copyHeaders(HttpHeaders headers, ResponseEntity.Builder builder) {
        headers.forEach((name, values) -> builder.header(name, String.join(", ", values)));
    }
}
