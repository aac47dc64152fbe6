package dev.brisk.rest;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.rest.multipart.MultipartForm;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.rest.protect.RequestTimeout;
import dev.brisk.rest.sse.SseEvent;
import dev.brisk.rest.sse.SseSink;

import dev.brisk.codec.Codecs;
import dev.brisk.transport.TraceContext;
import io.netty.handler.codec.http.HttpMethod;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
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
    Map<String, List<String>> matrixParams(String pathVariable);

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
    void reroute(HttpMethod method, String rawPath);

    /** Matrix parameters of every path segment, merged. */
    Map<String, List<String>> matrixParams();

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
     * The server's body codecs, for content the framework does not decode or encode itself: a multipart part read as
     * an object, items a handler writes to a stream of its own.
     */
    default Codecs codecs() {
        throw new UnsupportedOperationException("codecs are not available from " + getClass().getName());
    }

    /**
     * The parts of a {@code multipart/form-data} body. The engine receives such bodies as they stream in, before
     * route filters and the handler run, holding small parts in memory and writing large ones to temporary files
     * that are deleted when the request ends; limits are those of {@link MultipartOptions}.
     *
     * @throws HttpStatusException 415 when the request is not {@code multipart/form-data}, 400 when its body is
     *                             malformed, 413 when it is beyond a limit
     */
    default MultipartForm multipart() {
        throw new UnsupportedOperationException("multipart bodies are not supported by " + getClass().getName());
    }

    /**
     * The form fields of the body: decoded {@code application/x-www-form-urlencoded} pairs, or the non-file parts of
     * a {@code multipart/form-data} body, by name in arrival order; empty for other bodies. Query parameters are not
     * included.
     */
    default Map<String, List<String>> formParams() {
        throw new UnsupportedOperationException("form parameters are not supported by " + getClass().getName());
    }

    /**
     * Opens a Server-Sent Events stream as the response: the {@code text/event-stream} head is sent now, events follow
     * with {@link SseSink#send(SseEvent)} from any thread, until the sink is completed or the client goes away. The
     * handler may return at once. No timeout: see {@link #sse(Duration)}.
     *
     * @throws IllegalStateException when the response has already been sent or started
     */
    default SseSink sse() {
        throw new UnsupportedOperationException("event streams are not supported by " + getClass().getName());
    }

    /**
     * Like {@link #sse()}, ending the stream normally ({@link SseSink.CloseReason#TIMED_OUT}) once {@code timeout}
     * has elapsed; clients reconnect then, sending {@code Last-Event-ID}. This timeout replaces the route's request
     * timeout for the stream (a stream opened with {@link #sse()} stays under the request timeout).
     */
    default SseSink sse(Duration timeout) {
        throw new UnsupportedOperationException("event streams are not supported by " + getClass().getName());
    }

    /**
     * Sends everything this context answers from now on (status, headers, results, error responses) to
     * {@code replacement} instead of the response it had, e.g. to record a response and send it elsewhere; returns
     * the response replaced. For interceptors that capture or transform what a handler sends.
     */
    default ServerResponse replaceResponse(ServerResponse replacement) {
        throw new UnsupportedOperationException("replacing the response is not supported by " + getClass().getName());
    }

    // protection: cancellation of requests whose route has a timeout

    /**
     * Whether the server gave up on this request: its timeout ({@link Route.Builder#timeout}, {@link RequestTimeout},
     * the server's default) fired, or the client went away while a timeout applied. A handler that works in steps
     * may check it between them. Always false on routes without a timeout.
     */
    default boolean isCancelled() {
        return false;
    }

    /**
     * Runs {@code callback} once if the request is cancelled (see {@link #isCancelled()}), at once when it already
     * is; on the timer's thread otherwise, so it must be quick. Never runs on routes without a timeout.
     */
    default void onCancel(Runnable callback) {
    }

    /**
     * The trace this request belongs to, with the server span's id, when tracing is on
     * ({@link dev.brisk.rest.observe.ObservabilityConfig#tracing(TracingOptions)}); also {@code TraceContext.current()}
     * on the threads that run the request's filters and handler.
     */
    default Optional<TraceContext> trace() {
        return Optional.empty();
    }
}
