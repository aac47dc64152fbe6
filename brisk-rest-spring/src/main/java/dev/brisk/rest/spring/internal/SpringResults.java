package dev.brisk.rest.spring.internal;

import dev.brisk.rest.ResponseEntity;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Turns Spring MVC return values into Brisk results: Spring's ResponseEntity, Optional as Spring reads it. */
final class SpringResults {

    private SpringResults() {
    }

    static Object adapt(Object result) {
        if (result instanceof org.springframework.http.ResponseEntity<?> entity) {
            ResponseEntity.Builder builder = ResponseEntity.status(entity.getStatusCode().value());
            entity.getHeaders().forEach((name, values) -> builder.header(name, String.join(", ", values)));
            return builder.body(adapt(entity.getBody()));
        }
        if (result instanceof Optional<?> optional) {
            // Spring MVC writes an empty Optional as an empty body
            return adapt(optional.orElse(null));
        }
        if (result instanceof CompletionStage<?> stage) {
            return stage.thenApply(SpringResults::adapt);
        }
        return result;
    }
}
