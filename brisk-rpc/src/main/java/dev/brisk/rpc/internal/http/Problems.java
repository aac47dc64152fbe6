package dev.brisk.rpc.internal.http;

import dev.brisk.http.ServerResponse;
import dev.brisk.rpc.http.HttpProblem;
import io.netty.handler.codec.http.HttpResponseStatus;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import tools.jackson.databind.node.ObjectNode;


/**
 * Errors of HTTP calls as RFC 9457 problem details ({@code application/problem+json}) with the exception's type in
 * {@code exception}.
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

    /** Sends a problem; {@code exception} is the exception's class name, or {@code null} when none was thrown. */
    static void send(ServerResponse response, int status, String exception, String detail) {
        send(response, HttpProblem.of(status, detail), exception);
    }

    /** Sends {@code problem}; {@code exception} is the exception's class name, or {@code null} when none was thrown. */
    static void send(ServerResponse response, HttpProblem given, String exception) {
        int status = given.status();
        ObjectNode problem = JSON.createObjectNode();
        problem.put("type", given.type() != null ? given.type() : "about:blank");
        problem.put("title", given.title() != null ? given.title() : HttpResponseStatus.valueOf(status).reasonPhrase());
        problem.put("status", status);
        if (given.detail() != null) {
            problem.put("detail", given.detail());
        }
        if (exception != null) {
            problem.put("exception", exception);
        }
        response.status(status).header("content-type", "application/problem+json")
                .send(JSON.writeValueAsBytes(problem));
    }
}
