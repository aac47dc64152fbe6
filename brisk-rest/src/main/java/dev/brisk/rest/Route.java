package dev.brisk.rest;

import dev.brisk.codec.MediaType;
import dev.brisk.rest.protect.ConcurrencyLimit;
import dev.brisk.rest.protect.MaxConcurrency;
import dev.brisk.rest.protect.RequestTimeout;
import dev.brisk.rest.web.CorsConfig;
import io.netty.handler.codec.http.HttpMethod;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A route: method, path template, handler, and options (scheduler, media types, required parameters and headers,
 * streamed body). Templates support {@code {name}}, {@code {name:regex}}, {@code *}, {@code **} and {@code {*rest}}.
 *
 * <pre>{@code Route.get("/users/{id}").scheduler(Schedulers.WORKER).produces("application/json").handler(h)}</pre>
 */
public final class Route implements RouteInfo {

    private final HttpMethod method;
    private final String path;
    private final Handler handler;
    private final Method handlerMethod;
    private final String scheduler;
    private final List<MediaType> produces;
    private final List<MediaType> consumes;
    private final List<String> params;
    private final List<String> headers;
    private final boolean streaming;
    private final CorsConfig cors;
    // protection
    private final ConcurrencyLimit concurrencyLimit;
    private final Duration timeout;
    private final boolean documented;
    private final List<RouteParameter> parameters;
    private final RouteResponse response;
    private final boolean trailingSlashOptional;
    private final boolean acceptsMissingContentType;

    private Route(Builder b) {
        this.method = b.method;
        this.path = b.path;
        this.handler = b.handler;
        this.handlerMethod = b.handlerMethod;
        this.scheduler = b.scheduler;
        this.produces = b.produces;
        this.consumes = b.consumes;
        this.params = b.params;
        this.headers = b.headers;
        this.streaming = b.streaming;
        this.cors = b.cors;
        this.concurrencyLimit = b.concurrencyLimit;
        this.timeout = b.timeout;
        this.documented = b.documented;
        this.parameters = b.parameters;
        this.response = b.response;
        this.trailingSlashOptional = b.trailingSlashOptional;
        this.acceptsMissingContentType = b.acceptsMissingContentType;
    }

    private Route(Route route, String path, Handler handler) {
        this.method = route.method;
        this.path = path;
        this.handler = handler;
        this.handlerMethod = route.handlerMethod;
        this.scheduler = route.scheduler;
        this.produces = route.produces;
        this.consumes = route.consumes;
        this.params = route.params;
        this.headers = route.headers;
        this.streaming = route.streaming;
        this.cors = route.cors;
        this.concurrencyLimit = route.concurrencyLimit;
        this.timeout = route.timeout;
        this.documented = route.documented;
        this.parameters = route.parameters;
        this.response = route.response;
        this.trailingSlashOptional = route.trailingSlashOptional;
        this.acceptsMissingContentType = route.acceptsMissingContentType;
    }

    /**
     * This route with another path template and handler, every option kept: how a route group mounts its routes
     * under its prefix and runs its filters around their handlers.
     */
    public Route mounted(String path, Handler handler) {
        return new Route(this, Objects.requireNonNull(path, "path"), Objects.requireNonNull(handler, "handler"));
    }

    @Override
    public boolean documented() {
        return documented;
    }

    public static Builder of(HttpMethod method, String path) {
        return new Builder(method, path);
    }

    public static Builder get(String path) {
        return of(HttpMethod.GET, path);
    }

    public static Builder post(String path) {
        return of(HttpMethod.POST, path);
    }

    public static Builder put(String path) {
        return of(HttpMethod.PUT, path);
    }

    public static Builder delete(String path) {
        return of(HttpMethod.DELETE, path);
    }

    public static Builder patch(String path) {
        return of(HttpMethod.PATCH, path);
    }

    @Override
    public HttpMethod method() {
        return method;
    }

    @Override
    public String path() {
        return path;
    }

    public Handler handler() {
        return handler;
    }

    /**
     * The scheduler name, or empty for the server's: {@link BriskOptions#defaultScheduler()} for programmatic routes,
     * {@link BriskOptions#controllerScheduler()} for the routes of annotated controllers.
     */
    @Override
    public String scheduler() {
        return scheduler;
    }

    @Override
    public List<MediaType> produces() {
        return produces;
    }

    @Override
    public List<MediaType> consumes() {
        return consumes;
    }

    /** Query parameter conditions: {@code name}, {@code !name}, {@code name=value}, {@code name!=value}. */
    public List<String> params() {
        return params;
    }

    /** Header conditions, same forms as {@link #params()}. */
    public List<String> headers() {
        return headers;
    }

    @Override
    public Optional<Method> handlerMethod() {
        return Optional.ofNullable(handlerMethod);
    }

    @Override
    public List<RouteParameter> parameters() {
        return parameters;
    }

    @Override
    public Optional<RouteResponse> response() {
        return Optional.ofNullable(response);
    }

    /** Whether the handler receives the request body as a stream (it is called before the body arrives). */
    public boolean streaming() {
        return streaming;
    }

    /**
     * Whether a request path with one trailing {@code /} more than this route's template also matches it, when no
     * route matches the path as it is.
     */
    public boolean trailingSlashOptional() {
        return trailingSlashOptional;
    }

    /**
     * Whether a request without {@code Content-Type} meets this route's {@link #consumes()} condition, instead of
     * being taken as {@code application/octet-stream}.
     */
    public boolean acceptsMissingContentType() {
        return acceptsMissingContentType;
    }

    /** The route's own CORS rules, combined over the server's (see {@link CorsConfig#combine}). */
    public Optional<CorsConfig> cors() {
        return Optional.ofNullable(cors);
    }

    /** The route's own concurrency limit; empty for none (or the one {@link MaxConcurrency} declares). */
    public Optional<ConcurrencyLimit> concurrencyLimit() {
        return Optional.ofNullable(concurrencyLimit);
    }

    /** The route's own timeout; empty for the one {@link RequestTimeout} declares, or the server's default. */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    @Override
    public String toString() {
        return method + " " + path;
    }

    /** Builds a {@link Route}. */
    public static final class Builder {
        private final HttpMethod method;
        private final String path;
        private Handler handler;
        private Method handlerMethod;
        private String scheduler = "";
        private List<MediaType> produces = List.of();
        private List<MediaType> consumes = List.of();
        private List<String> params = List.of();
        private List<String> headers = List.of();
        private boolean streaming;
        private CorsConfig cors;
        private ConcurrencyLimit concurrencyLimit;
        private Duration timeout;
        private boolean documented = true;
        private List<RouteParameter> parameters = List.of();
        private RouteResponse response;
        private boolean trailingSlashOptional;
        private boolean acceptsMissingContentType;

        private Builder(HttpMethod method, String path) {
            this.method = Objects.requireNonNull(method, "method");
            this.path = Objects.requireNonNull(path, "path");
        }

        /** The Java method behind the handler, whose annotations interceptors may read ({@link #handlerMethod()}). */
        public Builder handlerMethod(Method handlerMethod) {
            this.handlerMethod = Objects.requireNonNull(handlerMethod, "handlerMethod");
            return this;
        }

        /** The values the handler takes from the request ({@link #parameters()}); default none. */
        public Builder parameters(List<RouteParameter> parameters) {
            this.parameters = List.copyOf(parameters);
            return this;
        }

        /** The success response the handler declares ({@link #response()}); default none. */
        public Builder response(RouteResponse response) {
            this.response = Objects.requireNonNull(response, "response");
            return this;
        }

        /** Runs the handler on the named scheduler ({@link Schedulers} or a custom one). */
        public Builder scheduler(String scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
            return this;
        }

        public Builder produces(String... mediaTypes) {
            this.produces = Arrays.stream(mediaTypes).map(MediaType::parse).toList();
            return this;
        }

        public Builder consumes(String... mediaTypes) {
            this.consumes = Arrays.stream(mediaTypes).map(MediaType::parse).toList();
            return this;
        }

        public Builder params(String... conditions) {
            this.params = List.of(conditions);
            return this;
        }

        public Builder headers(String... conditions) {
            this.headers = List.of(conditions);
            return this;
        }

        public Builder streaming(boolean streaming) {
            this.streaming = streaming;
            return this;
        }

        /**
         * CORS rules of this route, combined over the server's; methods left unset allow this route's method, as
         * Spring's {@code @CrossOrigin} does.
         */
        public Builder cors(CorsConfig cors) {
            this.cors = Objects.requireNonNull(cors, "cors");
            return this;
        }

        /**
         * Requests this route runs at once, over the server's limit if any; beyond it a request is answered
         * {@code 503} with {@code Retry-After} at once. Counted until the response is complete.
         */
        public Builder concurrencyLimit(ConcurrencyLimit concurrencyLimit) {
            this.concurrencyLimit = Objects.requireNonNull(concurrencyLimit, "concurrencyLimit");
            return this;
        }

        /**
         * How long the route may take, counted from routing to the end of the response, queueing for its scheduler
         * included. When it fires before the response started, the request is answered {@code 503} with a problem
         * body; once a response is under way it is aborted (connection closed or stream reset). The handler learns of
         * it through {@link RequestContext#isCancelled()} and {@link RequestContext#onCancel}, an interrupt when it
         * runs on the worker pool or a virtual thread, and the cancellation of the {@code CompletableFuture} it returned.
         */
        public Builder timeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive: " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        /** Whether an API description (brisk-openapi) lists this route; default true. */
        public Builder documented(boolean documented) {
            this.documented = documented;
            return this;
        }

        /**
         * Whether {@code /books/} also reaches this route of {@code /books} when no route matches {@code /books/}
         * itself, as Jakarta REST matches resource methods; default false.
         */
        public Builder trailingSlashOptional(boolean optional) {
            this.trailingSlashOptional = optional;
            return this;
        }

        /**
         * Whether a request without {@code Content-Type} meets the {@link #consumes} condition, as Jakarta REST
         * selects resource methods; default false: such a request is taken as {@code application/octet-stream}.
         */
        public Builder acceptsMissingContentType(boolean accepts) {
            this.acceptsMissingContentType = accepts;
            return this;
        }

        public Route handler(Handler handler) {
            this.handler = Objects.requireNonNull(handler, "handler");
            return new Route(this);
        }
    }
}
