package dev.brisk.rpc.internal.http;

import dev.brisk.http.ServerResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import tools.jackson.databind.node.ObjectNode;

import java.util.NoSuchElementException;

/**
 * Errors of HTTP calls as RFC 9457 problem details ({@code application/problem+json}) with the exception's type in
 * {@code exception}, and the status an exception maps to.
 */
final class Problems {

    /**
     * Reads arguments and writes results: no default typing, and a type validator that refuses every class named in the
     * JSON, so a {@code @JsonTypeInfo} by class name is never honoured from a client's body; {@code Object} parameters
     * get plain maps, lists, strings and numbers.
     */
    static final JsonMapper JSON = JsonMapper.builder()
            .polymorphicTypeValidator(BasicPolymorphicTypeValidator.builder().build())
            .build();

    private Problems() {
    }

    /** The status for an exception a service method threw. */
    static int status(Throwable failure) {
        if (failure instanceof IllegalArgumentException) {
            return 400;
        }
        if (failure instanceof SecurityException) {
            return 403;
        }
        if (failure instanceof NoSuchElementException) {
            return 404;
        }
        if (failure instanceof IllegalStateException) {
            return 409;
        }
        if (failure instanceof UnsupportedOperationException) {
            return 501;
        }
        return 500;
    }

    /** Sends a problem; {@code exception} is the exception's class name, or {@code null} when none was thrown. */
    static void send(ServerResponse response, int status, String exception, String detail) {
        ObjectNode problem = JSON.createObjectNode();
        problem.put("type", "about:blank");
        problem.put("title", HttpResponseStatus.valueOf(status).reasonPhrase());
        problem.put("status", status);
        if (detail != null) {
            problem.put("detail", detail);
        }
        if (exception != null) {
            problem.put("exception", exception);
        }
        response.status(status).header("content-type", "application/problem+json")
                .send(JSON.writeValueAsBytes(problem));
    }
}
