package dev.brisk.rest;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;

import java.lang.reflect.Type;
import java.util.Map;
import java.util.Optional;

/** One request on its way through filters, routing and the handler. */
public interface RequestContext {

    ServerRequest request();

    ServerResponse response();

    /** The matched route; throws in filters that run before routing. */
    RouteInfo route();

    /** The decoded value of path variable {@code name}; throws when the route has no such variable. */
    String pathParam(String name);

    /** All path variables, decoded. */
    Map<String, String> pathParams();

    /**
     * Matrix parameters ({@code /cars;color=red}) of the path segment that holds path variable {@code pathVariable}.
     * Routing ignores matrix parameters.
     */
    Map<String, java.util.List<String>> matrixParams(String pathVariable);

    /**
     * The path the route was matched against: still percent-encoded, within the context path, without matrix
     * parameters. Throws in filters that run before routing.
     */
    String routePath();

    /**
     * Routes the request as if it had {@code method} and {@code rawPath} (percent-encoded, within the context path,
     * optionally with matrix parameters), e.g. to honour a method-override header or to rewrite a URL. Only filters
     * that run before routing may call it.
     *
     * @throws IllegalStateException once the request has been routed
     */
    void reroute(io.netty.handler.codec.http.HttpMethod method, String rawPath);

    /** Matrix parameters of every path segment, merged. */
    Map<String, java.util.List<String>> matrixParams();

    /** The first value of query parameter {@code name}. */
    default Optional<String> query(String name) {
        return request().query(name);
    }

    /** The first value of header {@code name}. */
    default Optional<String> header(String name) {
        return request().headers().first(name);
    }

    /**
     * The request body decoded by the codec for its Content-Type.
     *
     * @throws HttpStatusException 415 when no codec reads that media type into {@code type}, 400 when the body is
     *                             malformed
     */
    <T> T body(Class<T> type);

    /** Like {@link #body(Class)} for generic types. */
    Object body(Type type);

    /** Values attached by filters and handlers for later stages. */
    default Map<String, Object> attributes() {
        return request().attributes();
    }

    /** Sets the status of the response to come. */
    RequestContext status(int status);

    /** Sets a header of the response to come. */
    RequestContext header(String name, String value);

    /**
     * Sends a result: {@code null} (empty body), {@code String}, {@code byte[]}, {@code ByteBuf}, a file
     * ({@code Path} or {@code File}), {@code Optional} (empty is 404), {@link ResponseEntity}, a
     * {@code CompletionStage} of any of these, or any other object, encoded by the codec negotiated from the route's
     * {@code produces} and the request's Accept header (or the {@code format} query parameter).
     */
    void send(Object result);

    /** Declares that the response will be sent later, possibly from another thread. */
    void async();

    /**
     * Sends everything this context answers from now on (status, headers, results, error responses) to
     * {@code replacement} instead of the response it had, e.g. to record a response and send it elsewhere; returns
     * the response replaced. For interceptors that capture or transform what a handler sends.
     */
    default ServerResponse replaceResponse(ServerResponse replacement) {
        throw new UnsupportedOperationException("replacing the response is not supported by " + getClass().getName());
    }
}
