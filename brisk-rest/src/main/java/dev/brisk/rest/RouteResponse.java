package dev.brisk.rest;

import java.lang.reflect.Type;
import java.util.Objects;
import java.util.Optional;

/**
 * The success response a route's handler declares, as its controller style reads the handler method: the status it
 * answers with unless the handler decides otherwise at run time, and the Java type of the body (asynchronous and
 * wrapping results such as {@code CompletionStage<T>} or {@code ResponseEntity<T>} unwrapped). Published with the
 * route ({@link RouteInfo#response()}), for tools that describe an API (brisk-openapi).
 *
 * @param status   the success status, 100 to 599
 * @param hasBody  false when the handler answers without a body (a {@code void} method)
 * @param bodyType the Java type of the body; empty without a body, or when the declaration does not tell it (a
 *                 JAX-RS {@code Response}, a stream, an event emitter)
 */
public record RouteResponse(int status, boolean hasBody, Optional<Type> bodyType) {

    public RouteResponse {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be within [100, 599]: " + status);
        }
        Objects.requireNonNull(bodyType, "bodyType must not be null");
        if (!hasBody && bodyType.isPresent()) {
            throw new IllegalArgumentException("a response without a body has no body type");
        }
    }

    /** A response without a body. */
    public static RouteResponse empty(int status) {
        return new RouteResponse(status, false, Optional.empty());
    }

    /** A response whose body is a {@code bodyType}. */
    public static RouteResponse of(int status, Type bodyType) {
        return new RouteResponse(status, true, Optional.of(bodyType));
    }

    /** A response with a body whose type the declaration does not tell. */
    public static RouteResponse undescribed(int status) {
        return new RouteResponse(status, true, Optional.empty());
    }
}
