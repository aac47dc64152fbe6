package dev.brisk.rest.internal;

import dev.brisk.codec.BodyCodec;
import dev.brisk.codec.CodecException;
import dev.brisk.codec.MediaType;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.PathDecoder;
import dev.brisk.rest.HttpStatusException;
import dev.brisk.rest.RequestContext;
import dev.brisk.rest.RouteInfo;
import dev.brisk.rest.internal.router.RouteMatch;

import dev.brisk.codec.Codecs;
import dev.brisk.codec.ContentNegotiation;
import dev.brisk.rest.internal.multipart.MultipartReceiver;
import dev.brisk.rest.internal.sse.DefaultSseSink;
import dev.brisk.rest.multipart.MultipartForm;
import dev.brisk.rest.sse.SseSink;
import dev.brisk.transport.TraceContext;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.ReferenceCountUtil;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

/** The per-request context: request, response, matched route and its path variables (decoded on access). */
final class DefaultRequestContext implements RequestContext {

    private final RequestServices services;
    private final ServerRequest request;
    private final RouteMatch<CompiledRoute> match = new RouteMatch<>();
    private CompiledRoute route;
    private String routedPath;
    private int[] captures;
    private String[] decoded;
    private List<MediaType> accepted;
    private MatrixParams matrix;
    private boolean async;
    private boolean responded;
    private HttpMethod rerouteMethod;
    private String reroutePath;
    private MultipartForm multipart;
    private Map<String, List<String>> formParams;
    /** What the context answers to, when not the request's own response. */
    private ServerResponse replacedResponse;
    /** The timeout of the request, when its route has one. */
    private volatile RequestCancellation cancellation;
    /** The handler's failure, if any, for request observers. */
    private Throwable failure;
    /** The scheduler a filter's {@code @RunOn} moved the request onto: routes on it then run on the same thread. */
    RouteScheduler runningOn;
    /** The request's trace and its OpenTelemetry span state, when tracing is on. */
    TraceContext trace;
    Object span;
    /** When the pipeline received the request ({@link System#nanoTime()}); set only when something observes it. */
    long startNanos;

    DefaultRequestContext(RequestServices services, ServerRequest request) {
        this.services = services;
        this.request = request;
    }

    RequestServices services() {
        return services;
    }

    RouteMatch<CompiledRoute> match() {
        return match;
    }

    void matrix(MatrixParams matrix) {
        this.matrix = matrix;
    }

    void routed(CompiledRoute route, String path) {
        this.route = route;
        this.routedPath = path;
        this.captures = match.captureCount() == 0 ? null : match.captureOffsets();
    }

    @Override
    public String routePath() {
        route();
        return routedPath;
    }

    @Override
    public void reroute(HttpMethod method, String rawPath) {
        if (route != null) {
            throw new IllegalStateException("the request has already been routed to " + route);
        }
        if (rawPath == null || !rawPath.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/': " + rawPath);
        }
        this.rerouteMethod = Objects.requireNonNull(method, "method");
        this.reroutePath = rawPath;
    }

    /** The method to route by: the request's, unless a filter rerouted it. */
    HttpMethod routingMethod() {
        return rerouteMethod != null ? rerouteMethod : request.method();
    }

    /** The path a filter rerouted the request to (within the context path), or null. */
    String reroutePath() {
        return reroutePath;
    }

    void failed(Throwable cause) {
        if (failure == null) {
            failure = cause;
        }
    }

    /** The first failure the pipeline answered, or null. */
    Throwable failure() {
        return failure;
    }

    CompiledRoute compiledRoute() {
        return route;
    }

    /** The Accept header parsed (or the format parameter's type), most preferred first. */
    List<MediaType> accepted() {
        if (accepted == null) {
            String format = services.options().formatParameter();
            if (!format.isEmpty() && !request.rawQuery().isEmpty()) {
                var forced = request.query(format).flatMap(ContentNegotiation::forFormat);
                if (forced.isPresent()) {
                    accepted = List.of(forced.get());
                    return accepted;
                }
            }
            try {
                accepted = MediaType.parseList(request.headers().get("accept", null));
            } catch (IllegalArgumentException e) {
                throw new HttpStatusException(400, "invalid Accept header: " + e.getMessage());
            }
        }
        return accepted;
    }

    @Override
    public ServerRequest request() {
        return request;
    }

    @Override
    public ServerResponse response() {
        ServerResponse replaced = replacedResponse;
        return replaced != null ? replaced : request.response();
    }

    @Override
    public ServerResponse replaceResponse(ServerResponse replacement) {
        ServerResponse previous = response();
        replacedResponse = Objects.requireNonNull(replacement, "replacement");
        return previous;
    }

    @Override
    public RouteInfo route() {
        if (route == null) {
            throw new IllegalStateException("the request has not been routed yet");
        }
        return route;
    }

    @Override
    public String pathParam(String name) {
        List<String> names = ((CompiledRoute) route()).captureNames;
        int index = names.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("route " + route + " has no path variable '" + name + "'");
        }
        return decodedCapture(index);
    }

    private String decodedCapture(int index) {
        if (decoded == null) {
            decoded = new String[route.captureNames.size()];
        }
        String value = decoded[index];
        if (value == null) {
            value = PathDecoder.decode(routedPath.substring(captures[index << 1], captures[(index << 1) + 1]));
            decoded[index] = value;
        }
        return value;
    }

    @Override
    public Map<String, String> pathParams() {
        if (route == null || route.captureNames.isEmpty()) {
            return Map.of();
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < route.captureNames.size(); i++) {
            String name = route.captureNames.get(i);
            if (name != null) {
                params.put(name, decodedCapture(i));
            }
        }
        return params;
    }

    @Override
    public Map<String, List<String>> matrixParams(String pathVariable) {
        List<String> names = ((CompiledRoute) route()).captureNames;
        int index = names.indexOf(pathVariable);
        if (index < 0) {
            throw new IllegalArgumentException("route " + route + " has no path variable '" + pathVariable + "'");
        }
        return matrix == null ? Map.of() : matrix.atOffset(captures[index << 1]);
    }

    @Override
    public Map<String, List<String>> matrixParams() {
        return matrix == null ? Map.of() : matrix.all();
    }

    @Override
    public <T> T body(Class<T> type) {
        return type.cast(body((Type) type));
    }

    @Override
    public Object body(Type type) {
        String contentType = request.headers().get("content-type", null);
        MediaType mediaType;
        try {
            mediaType = contentType == null ? MediaType.APPLICATION_OCTET_STREAM : MediaType.parse(contentType);
        } catch (IllegalArgumentException e) {
            throw new HttpStatusException(400, "invalid Content-Type: " + e.getMessage());
        }
        BodyCodec codec = services.codecs().decoder(type, mediaType).orElseThrow(() -> new HttpStatusException(415,
                "cannot read " + mediaType + " as " + type.getTypeName()));
        try {
            return codec.decode(request.body(), type, mediaType);
        } catch (CodecException e) {
            throw new HttpStatusException(400, e.getMessage(), e);
        }
    }

    @Override
    public RequestContext status(int status) {
        response().status(status);
        return this;
    }

    @Override
    public RequestContext header(String name, String value) {
        response().header(name, value);
        return this;
    }

    @Override
    public void send(Object result) {
        responded = true;
        if (isCancelled() && response().isCommitted()) {
            // the timeout answered 503 already: a result the handler sends after being cancelled goes nowhere
            ReferenceCountUtil.release(result);
            return;
        }
        services.results().write(this, result);
    }

    @Override
    public void async() {
        async = true;
    }

    @Override
    public Codecs codecs() {
        return services.codecs();
    }

    /** The parts the engine received before the handler ran. */
    void multipart(MultipartForm form) {
        this.multipart = form;
    }

    @Override
    public MultipartForm multipart() {
        if (multipart == null) {
            String contentType = request.headers().get("content-type", null);
            if (!MultipartReceiver.isMultipart(contentType)) {
                throw new HttpStatusException(415, "the request body is not multipart/form-data (Content-Type: "
                        + (contentType == null ? "none" : contentType) + ")");
            }
            if (MultipartReceiver.pending(request)) {
                throw new IllegalStateException("the multipart body has not been received yet: its parts are "
                        + "there for route filters and handlers, not for filters that run before routing");
            }
            // a body that was aggregated rather than streamed: parsed now
            multipart = MultipartReceiver.parse(request, services.multipartOptions(),
                    request.body());
        }
        return multipart;
    }

    @Override
    public Map<String, List<String>> formParams() {
        if (formParams == null) {
            formParams = FormParams.of(this);
        }
        return formParams;
    }

    @Override
    public SseSink sse() {
        return openSse(null);
    }

    @Override
    public SseSink sse(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        return openSse(timeout);
    }

    private SseSink openSse(Duration timeout) {
        RequestCancellation current = cancellation;
        if (timeout != null && current != null && !current.cancelled()) {
            current.disarm(); // the stream's own timeout replaces the request's
        }
        SseSink sink = DefaultSseSink.open(response(), services.sseEncoder(),
                request.allocator(), timeout, services.options().sseMaxPending());
        async = true;
        responded = true;
        return sink;
    }

    void cancellation(RequestCancellation cancellation) {
        this.cancellation = cancellation;
    }

    RequestCancellation cancellation() {
        return cancellation;
    }

    @Override
    public boolean isCancelled() {
        RequestCancellation current = cancellation;
        return current != null && current.cancelled();
    }

    @Override
    public void onCancel(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        RequestCancellation current = cancellation;
        if (current != null) {
            current.onCancel(callback);
        }
    }

    /** Cancels {@code stage} (when it is a future) if the request is cancelled before it completes. */
    void cancelWith(CompletionStage<?> stage) {
        RequestCancellation current = cancellation;
        if (current != null && stage instanceof Future<?> future) {
            current.onCancel(() -> future.cancel(true));
        }
    }

    boolean isAsync() {
        return async;
    }

    void markResponded() {
        responded = true;
    }

    /** Whether the handler sent something, declared it would, or the response is already under way. */
    boolean answered() {
        return responded || async || response().isCommitted();
    }

    @Override
    public Optional<TraceContext> trace() {
        return Optional.ofNullable(trace);
    }

    /** The matched route's template, null before routing or when nothing matched. */
    String routeTemplate() {
        return route == null ? null : route.path();
    }
}
