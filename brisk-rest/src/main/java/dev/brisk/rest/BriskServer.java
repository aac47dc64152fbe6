package dev.brisk.rest;

import dev.brisk.codec.Codecs;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.WebSocketSession;
import dev.brisk.rest.internal.RestServer;
import dev.brisk.rest.spi.ControllerSupport;
import io.netty.handler.codec.http.HttpMethod;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/** A running REST server: routes (programmatic and annotated) on a Brisk HTTP server. */
public final class BriskServer implements AutoCloseable {

    private final HttpServer http;
    private final RestServer rest;
    /** The request observers as one; empty for a server without. */
    private final java.util.Optional<RequestObserver> observer;
    private final dev.brisk.rest.internal.observe.Draining draining;
    private final dev.brisk.rest.internal.observe.AccessLog accessLog;

    private BriskServer(HttpServer http, RestServer rest, java.util.Optional<RequestObserver> observer,
                        dev.brisk.rest.internal.observe.Draining draining,
                        dev.brisk.rest.internal.observe.AccessLog accessLog) {
        this.http = http;
        this.rest = rest;
        this.observer = observer;
        this.draining = draining;
        this.accessLog = accessLog;
        draining.server(http);
    }

    /** The port listened on. */
    public int port() {
        return http.port();
    }

    /** The framework options the server runs with. */
    public BriskOptions options() {
        return rest.options();
    }

    /** The underlying HTTP server (metrics, options). */
    public HttpServer http() {
        return http;
    }

    /** The request pipeline as an HTTP handler, e.g. to run requests through it without a socket. */
    public dev.brisk.http.HttpHandler handler() {
        return rest;
    }

    /** The routes, in registration order. */
    public List<RouteInfo> routes() {
        return rest.routes();
    }

    /**
     * The state of the schedulers in use: the event loops ({@code io}), and BIZ, VIRTUAL or custom ones once a route
     * runs on them.
     */
    public List<SchedulerState> schedulers() {
        return rest.schedulers();
    }

    /**
     * Changes the number of worker threads of a pool scheduler ({@link Schedulers#BIZ}) while running: added threads
     * start on demand, surplus ones end once idle.
     *
     * @throws IllegalArgumentException      when no such scheduler is in use or {@code threads < 1}
     * @throws UnsupportedOperationException when the scheduler is not a pool (io, virtual, custom)
     */
    public BriskServer resizeScheduler(String name, int threads) {
        rest.resizeScheduler(name, threads);
        return this;
    }

    /** Adds a route while running; in-flight lookups keep using the previous table. */
    public BriskServer addRoute(Route route) {
        rest.addAll(List.of(route));
        return this;
    }

    /** Removes the routes of {@code method} and {@code path} while running. */
    public boolean removeRoute(HttpMethod method, String path) {
        return rest.remove(method, path);
    }

    /**
     * Access log lines dropped because the logger could not keep up (its queue was full); 0 when the access log is
     * off.
     */
    public long accessLogDropped() {
        return accessLog == null ? 0 : accessLog.dropped();
    }

    /**
     * Shuts down gracefully (see {@link HttpServer#close()}), then stops the schedulers. The readiness route, if any,
     * answers DOWN from the start.
     */
    @Override
    public void close() {
        draining.begin();
        http.close();
        rest.shutdown();
        observer.ifPresent(o -> o.stopped(this));
    }

    /** Builds and starts a {@link BriskServer}. */
    public static final class Builder {
        /**
         * Closes gracefully when the JVM is told to stop (SIGTERM), as an application server should: readiness turns
         * DOWN for the shutdown delay, requests in flight finish. {@code http(h -> h.shutdownHook(false))} when
         * something else owns the server's life (a container, tests).
         */
        private final HttpServer.Builder http = HttpServer.builder().shutdownHook(true);
        private final List<Route> routes = new ArrayList<>();
        private final List<Object> controllers = new ArrayList<>();
        private final List<Filter> filters = new ArrayList<>();
        private final List<Filter> routeFilters = new ArrayList<>();
        private final List<Object> interceptors = new ArrayList<>();
        private final Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers = new LinkedHashMap<>();
        private final Map<String, Executor> schedulers = new LinkedHashMap<>();
        private Codecs codecs = Codecs.defaults();
        private BriskOptions.Builder options = BriskOptions.builder();
        private final List<Map.Entry<String, CorsConfig>> cors = new ArrayList<>();
        private MultipartOptions multipart = MultipartOptions.DEFAULT;
        // protection
        private ProtectionOptions.Builder protection = ProtectionOptions.builder();
        // request observers (metrics)
        private final List<RequestObserver> observers = new ArrayList<>();
        // observability: access log, tracing, health (each off while null)
        private AccessLogOptions accessLog;
        private TracingOptions tracing;
        private HealthOptions health;
        private final dev.brisk.rest.internal.observe.Draining draining = new dev.brisk.rest.internal.observe.Draining();

        Builder() {
        }

        public Builder port(int port) {
            http.port(port);
            return this;
        }

        public Builder host(String host) {
            http.host(host);
            return this;
        }

        /** Tunes the HTTP server: TLS, limits, timeouts, IO threads... */
        public Builder http(Consumer<HttpServer.Builder> configure) {
            configure.accept(http);
            return this;
        }

        /** Takes every framework option from {@code options}; later setters change single options. */
        public Builder options(BriskOptions options) {
            this.options = Objects.requireNonNull(options, "options must not be null").toBuilder();
            return this;
        }

        /** Prefix of every route, e.g. {@code /api}; default none. */
        public Builder contextPath(String contextPath) {
            options.contextPath(contextPath);
            return this;
        }

        /** The scheduler of programmatic routes that name none; default {@link Schedulers#IO}. */
        public Builder defaultScheduler(String scheduler) {
            options.defaultScheduler(scheduler);
            return this;
        }

        /**
         * The scheduler of annotated controllers' routes without {@link RunOn}; default {@link Schedulers#BIZ}, the
         * worker pool, so that blocking controller code never runs on an event loop. {@link Schedulers#VIRTUAL} runs
         * them on virtual threads (Java 21+); {@link Schedulers#IO} on the event loop, for controllers that never
         * block.
         */
        public Builder controllerScheduler(String scheduler) {
            options.controllerScheduler(scheduler);
            return this;
        }

        /** Sizes of the BIZ pool and how long a request may wait in its queue. */
        public Builder bizScheduler(int threads, int queueSize, Duration maxQueueTime) {
            options.bizThreads(threads).bizQueueSize(queueSize).maxQueueTime(maxQueueTime);
            return this;
        }

        /**
         * Bytes of events a Server-Sent Events stream may hold for a client that reads slower than they are sent;
         * beyond that the client is dropped ({@link SseSink.CloseReason#OVERFLOWED}); default 1 MiB.
         */
        public Builder sseMaxPending(long bytes) {
            options.sseMaxPending(bytes);
            return this;
        }

        /** The framework options as configured so far; fails naming the option and its value when one is invalid. */
        public BriskOptions options() {
            return options.build();
        }

        /** Registers a named scheduler backed by the application's executor. */
        public Builder scheduler(String name, Executor executor) {
            schedulers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(executor, "executor"));
            return this;
        }

        /** The body codecs (default {@link Codecs#defaults()}). */
        public Builder codecs(Codecs codecs) {
            this.codecs = Objects.requireNonNull(codecs, "codecs");
            return this;
        }

        public Builder route(Route route) {
            routes.add(Objects.requireNonNull(route, "route"));
            return this;
        }

        public Builder route(HttpMethod method, String path, Handler handler) {
            return route(Route.of(method, path).handler(handler));
        }

        public Builder get(String path, Handler handler) {
            return route(HttpMethod.GET, path, handler);
        }

        public Builder post(String path, Handler handler) {
            return route(HttpMethod.POST, path, handler);
        }

        public Builder put(String path, Handler handler) {
            return route(HttpMethod.PUT, path, handler);
        }

        public Builder delete(String path, Handler handler) {
            return route(HttpMethod.DELETE, path, handler);
        }

        public Builder patch(String path, Handler handler) {
            return route(HttpMethod.PATCH, path, handler);
        }

        /**
         * Annotated controllers (Spring MVC or JAX-RS style), turned into routes by the {@link ControllerSupport}
         * found on the class path. Their handlers run on the {@link #controllerScheduler(String) controller
         * scheduler} (the BIZ pool by default) unless {@link RunOn} names another.
         */
        public Builder controllers(Object... controllers) {
            for (Object controller : controllers) {
                this.controllers.add(Objects.requireNonNull(controller, "controller"));
            }
            return this;
        }

        /** A filter that runs before routing. */
        public Builder filter(Filter filter) {
            filters.add(Objects.requireNonNull(filter, "filter"));
            return this;
        }

        /** A filter that runs after routing, before the handler. */
        public Builder routeFilter(Filter filter) {
            routeFilters.add(Objects.requireNonNull(filter, "filter"));
            return this;
        }

        /**
         * An interceptor around handlers: on every route, or on the routes a {@link RouteInterceptor} chooses, or on
         * requests a {@link MappingInterceptor} accepts.
         */
        public Builder interceptor(HandlerInterceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /** An interceptor limited by include and exclude path patterns. */
        public Builder interceptor(InterceptorRegistration registration) {
            interceptors.add(Objects.requireNonNull(registration, "registration"));
            return this;
        }

        /**
         * CORS rules for every route; same as {@code cors("/**", config)}. A route's own rules
         * ({@link Route.Builder#cors}) are combined over them.
         */
        public Builder cors(CorsConfig config) {
            return cors("/**", config);
        }

        /**
         * CORS rules for the routes under {@code pathPattern} (route template syntax, e.g. {@code /api/**}); when
         * several patterns match a path, the first registered wins, as with Spring's CORS mappings.
         */
        public Builder cors(String pathPattern, CorsConfig config) {
            cors.add(Map.entry(Objects.requireNonNull(pathPattern, "pathPattern"),
                    Objects.requireNonNull(config, "config")));
            return this;
        }

        /** How {@code multipart/form-data} bodies are received (limits, spilling to disk). */
        public Builder multipart(MultipartOptions multipart) {
            this.multipart = Objects.requireNonNull(multipart, "multipart");
            return this;
        }

        /** Handles exceptions of {@code type} (and subtypes not handled more specifically). */
        public <T extends Throwable> Builder exceptionHandler(Class<T> type, ExceptionHandler<? super T> handler) {
            exceptionHandlers.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(handler, "handler"));
            return this;
        }

        // WebSocket endpoints

        /** Same as {@link #webSocket(String, WebSocketEndpoint, WebSocketOptions)} with default options. */
        public Builder webSocket(String path, WebSocketEndpoint endpoint) {
            return webSocket(path, endpoint, WebSocketOptions.DEFAULT);
        }

        /**
         * Serves WebSocket connections to the path template {@code path} (e.g. {@code /chat/{room}}) with
         * {@code endpoint}; the matched parameters are the session's {@link WebSocketSession#pathParams()}. The
         * handshake is a {@code GET} route like any other, so filters run before the upgrade (authentication, CORS);
         * a request without a valid handshake gets {@code 426} or {@code 400}.
         */
        public Builder webSocket(String path, WebSocketEndpoint endpoint, WebSocketOptions options) {
            java.util.Objects.requireNonNull(endpoint, "endpoint");
            java.util.Objects.requireNonNull(options, "options");
            return route(Route.get(path).handler(ctx -> {
                ctx.async();
                ctx.request().upgradeToWebSocket(endpoint, options, ctx.pathParams());
            }));
        }

        // ---- request observers (metrics) ----

        /**
         * Tells {@code observer} about every request once its response has been written, and when the server starts
         * and stops (metrics, e.g. {@code BriskMetrics} of brisk-micrometer). Observers are told in the order added.
         * Without any, the pipeline does no work for them.
         */
        public Builder observer(RequestObserver observer) {
            observers.add(Objects.requireNonNull(observer, "observer"));
            return this;
        }

        // ---- observability: access log, tracing, health ----

        /** Turns the access log on with {@code options} (format, logger, queue); off by default. */
        public Builder accessLog(AccessLogOptions options) {
            this.accessLog = Objects.requireNonNull(options, "options must not be null");
            return this;
        }

        /** Turns W3C trace context handling on with {@code options}; off by default. */
        public Builder tracing(TracingOptions options) {
            this.tracing = Objects.requireNonNull(options, "options must not be null");
            return this;
        }

        /** Adds liveness and readiness routes with {@code options}; off by default. */
        public Builder health(HealthOptions options) {
            this.health = Objects.requireNonNull(options, "options must not be null");
            return this;
        }

        /**
         * Builds the request pipeline without binding a port: an {@link dev.brisk.http.HttpHandler} to embed in
         * another {@code HttpServer} or to drive from tests.
         */
        public dev.brisk.http.HttpHandler buildHandler() {
            return buildRest();
        }

        private RestServer buildRest() {
            List<Filter> allFilters = new ArrayList<>(filters);
            List<dev.brisk.rest.spi.RoutingFailureHandler> failureHandlers = new ArrayList<>();
            List<Map.Entry<String, CorsConfig>> allCors = new ArrayList<>(cors);
            List<Route> fromControllers = controllerRoutes(allFilters, failureHandlers, allCors);
            List<Route> programmatic = routes;
            if (health != null) {
                programmatic = new ArrayList<>(routes);
                programmatic.addAll(dev.brisk.rest.internal.observe.HealthRoutes.routes(health, draining));
            }
            RestServer rest = new RestServer(options.build(), codecs, allFilters, routeFilters, interceptors,
                    exceptionHandlers, schedulers, programmatic, fromControllers,
                    new dev.brisk.rest.internal.WebFeatures(allCors, multipart));
            rest.routingFailureHandlers(failureHandlers);
            dev.brisk.rest.internal.protect.ClientAddresses clients =
                    dev.brisk.rest.internal.protect.ClientAddresses.of(protection.build());
            dev.brisk.rest.internal.observe.AccessLog log;
            try {
                rest.protect(protection.build());
                // opens the access log's file, if it has one: a path that cannot be written stops the start here
                log = accessLog == null ? null : new dev.brisk.rest.internal.observe.AccessLog(accessLog, clients);
            } catch (RuntimeException e) {
                rest.shutdown();
                throw e;
            }
            dev.brisk.rest.internal.Observers.combine(observers).ifPresent(rest::observer);
            rest.observe(log,
                    tracing == null ? null : new dev.brisk.rest.internal.observe.ServerTracing(tracing, clients));
            return rest;
        }

        // ---- protection ----------------------------------------------------------------------------------------

        /** Takes every protection setting from {@code protection}; later setters change single ones. */
        public Builder protection(ProtectionOptions protection) {
            this.protection = Objects.requireNonNull(protection, "protection must not be null").toBuilder();
            return this;
        }

        /** The protection settings as configured so far. */
        public ProtectionOptions protection() {
            return protection.build();
        }

        /**
         * Requests in progress at once over the whole server; beyond it a request is answered {@code 503} with
         * {@code Retry-After} before its filters run, never queued; default none. Routes may have limits of their own
         * ({@link Route.Builder#concurrencyLimit}, {@link MaxConcurrency}).
         */
        public Builder concurrencyLimit(ConcurrencyLimit limit) {
            protection.concurrencyLimit(limit);
            return this;
        }

        /**
         * Requests the server's concurrency limit neither counts nor refuses, e.g. health probes that must answer
         * while the server is busy: {@code concurrencyLimitExempt(r -> r.path().startsWith("/health"))}.
         */
        public Builder concurrencyLimitExempt(java.util.function.Predicate<ServerRequest> exempt) {
            protection.limitExempt(Objects.requireNonNull(exempt, "exempt must not be null"));
            return this;
        }

        /** Sheds requests while the process CPU is overloaded ({@link LoadShedding}); default off. */
        public Builder loadShedding(LoadShedding shedding) {
            protection.loadShedding(shedding);
            return this;
        }

        /**
         * Timeout of every route without one of its own ({@link Route.Builder#timeout}, {@link RequestTimeout});
         * default none.
         */
        public Builder requestTimeout(Duration timeout) {
            protection.requestTimeout(timeout);
            return this;
        }

        /** Adds a filter of client addresses (403 when refused); every filter whose paths match must admit. */
        public Builder ipFilter(IpFilter filter) {
            protection.addIpFilter(filter);
            return this;
        }

        /**
         * CIDR ranges of the proxies in front of the server, whose reports of the client's address
         * ({@link #forwardedHeader}) the IP filters, the access log and tracing believe; default none: the connection's
         * peer is the client.
         */
        public Builder trustedProxies(String... ranges) {
            protection.trustedProxies(List.of(ranges));
            return this;
        }

        /**
         * The header the trusted proxies write the client's address to, the only one read; default
         * {@link ForwardedHeader#X_FORWARDED_FOR}. Choose {@link ForwardedHeader#FORWARDED} only when every trusted
         * proxy writes {@code Forwarded}: a header the proxy does not write is the client's own.
         */
        public Builder forwardedHeader(ForwardedHeader header) {
            protection.forwardedHeader(header);
            return this;
        }

        /** {@code Retry-After} of requests refused by a concurrency limit or load shedding; default 1 s. */
        public Builder retryAfter(Duration retryAfter) {
            protection.retryAfter(retryAfter);
            return this;
        }

        /**
         * This server's routes for a port another server owns (an {@code RpcServer} with {@code http(..)}), instead
         * of a port of its own: see {@link dev.brisk.http.HttpPortProtocol}. Closing it also stops the schedulers.
         * The HTTP options given through {@link #http(Consumer)} apply, except port, host, transport and threads.
         */
        public dev.brisk.http.HttpPortProtocol buildPortProtocol() {
            RestServer rest = buildRest();
            try {
                return http.handler(rest).buildPortProtocol();
            } catch (RuntimeException e) {
                rest.shutdown();
                throw e;
            }
        }

        /** Validates every route, binds and starts serving. */
        public BriskServer start() {
            RestServer rest = buildRest();
            java.util.Optional<RequestObserver> observer = dev.brisk.rest.internal.Observers.combine(observers);
            BriskServer server;
            try {
                server = new BriskServer(http.handler(rest).start(), rest, observer, draining, rest.accessLog());
            } catch (RuntimeException e) {
                rest.shutdown();
                throw e;
            }
            if (observer.isPresent()) {
                try {
                    observer.get().started(server);
                } catch (RuntimeException e) {
                    server.close();
                    throw e;
                }
            }
            return started(server);
        }

        /**
         * The routes of the annotated controllers; the filters, routing failure handlers and CORS mappings their
         * supports need are added to {@code filters}, {@code failureHandlers} and {@code corsMappings}.
         */
        private List<Route> controllerRoutes(List<Filter> filters,
                                             List<dev.brisk.rest.spi.RoutingFailureHandler> failureHandlers,
                                             List<Map.Entry<String, CorsConfig>> corsMappings) {
            if (controllers.isEmpty()) {
                return List.of();
            }
            List<ControllerSupport> supports = new ArrayList<>();
            ServiceLoader.load(ControllerSupport.class).forEach(supports::add);
            List<java.util.Map.Entry<Object, ControllerSupport>> chosen = new ArrayList<>();
            for (Object controller : controllers) {
                ControllerSupport support = supports.stream().filter(s -> s.supports(controller.getClass()))
                        .findFirst().orElseThrow(() -> new IllegalArgumentException("no controller support for "
                                + controller.getClass().getName() + ": add brisk-rest-spring or brisk-rest-jaxrs, "
                                + "or register its routes with route(...)"));
                chosen.add(java.util.Map.entry(controller, support));
            }
            for (ControllerSupport support : supports) {
                List<Object> mine = chosen.stream().filter(e -> e.getValue() == support)
                        .map(java.util.Map.Entry::getKey).toList();
                if (!mine.isEmpty()) {
                    support.prepare(mine);
                }
            }
            List<Route> result = new ArrayList<>();
            chosen.forEach(e -> result.addAll(e.getValue().routes(e.getKey())));
            chosen.stream().map(java.util.Map.Entry::getValue).distinct()
                    .forEach(support -> filters.addAll(support.filters()));
            chosen.stream().map(java.util.Map.Entry::getValue).distinct()
                    .forEach(support -> support.routingFailureHandler().ifPresent(failureHandlers::add));
            chosen.stream().map(java.util.Map.Entry::getValue).distinct()
                    .forEach(support -> corsMappings.addAll(support.corsMappings()));
            return result;
        }

        // ---- compression and static files ----

        /**
         * Compresses responses (gzip, deflate, and br or zstd when their libraries are present) for clients that accept
         * it, and decodes encoded request bodies; default off. See {@link dev.brisk.http.CompressionOptions}.
         */
        public Builder compression(dev.brisk.http.CompressionOptions compression) {
            http.compression(compression);
            return this;
        }

        /**
         * Serves the files of {@code directory} under {@code urlPath} (e.g. {@code /assets}) with
         * {@link StaticOptions#DEFAULT}: GET and HEAD, validators and conditional requests, byte ranges,
         * precompressed variants, never a directory listing.
         */
        public Builder staticFiles(String urlPath, java.nio.file.Path directory) {
            return staticFiles(urlPath, directory, StaticOptions.DEFAULT);
        }

        /** Serves the files of {@code directory} under {@code urlPath} as {@code options} say. */
        public Builder staticFiles(String urlPath, java.nio.file.Path directory, StaticOptions options) {
            Objects.requireNonNull(directory, "directory");
            routes.addAll(dev.brisk.rest.internal.staticfiles.StaticHandler.files(
                    Objects.requireNonNull(urlPath, "urlPath"), directory,
                    Objects.requireNonNull(options, "options")).routes());
            return this;
        }

        /**
         * Serves the class path resources below {@code location} (e.g. {@code static}, as Spring Boot's
         * {@code classpath:/static/}) under {@code urlPath}, from this thread's context class loader.
         */
        public Builder classpathResources(String urlPath, String location) {
            return classpathResources(urlPath, location, StaticOptions.DEFAULT);
        }

        /** Serves the class path resources below {@code location} under {@code urlPath} as {@code options} say. */
        public Builder classpathResources(String urlPath, String location, StaticOptions options) {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            return classpathResources(urlPath, loader != null ? loader : BriskServer.class.getClassLoader(), location,
                    options);
        }

        /** Serves the resources below {@code location} of {@code loader} under {@code urlPath}. */
        public Builder classpathResources(String urlPath, ClassLoader loader, String location, StaticOptions options) {
            return classpathResources(urlPath, loader, List.of(Objects.requireNonNull(location, "location")), options);
        }

        /**
         * Serves the resources below several class path {@code locations} of {@code loader} under {@code urlPath}: the
         * first location holding a path serves it (as Spring Boot's {@code spring.web.resources.static-locations}).
         */
        public Builder classpathResources(String urlPath, ClassLoader loader, List<String> locations,
                                          StaticOptions options) {
            routes.addAll(dev.brisk.rest.internal.staticfiles.StaticHandler.classpath(
                    Objects.requireNonNull(urlPath, "urlPath"), Objects.requireNonNull(loader, "loader"),
                    List.copyOf(locations), Objects.requireNonNull(options, "options")).routes());
            return this;
        }

        // ---- start listeners (used by brisk-openapi to read the routes once they are known) ----------------------

        private final List<Consumer<? super BriskServer>> startListeners = new ArrayList<>();

        /**
         * Code that runs once, on the starting thread, when {@link #start()} has bound the port, with the running
         * server: read its {@link BriskServer#routes() routes}, register more... In registration order; when one
         * throws, the server is closed and {@code start()} throws that exception. Default none.
         */
        public Builder onStart(Consumer<? super BriskServer> listener) {
            startListeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        private BriskServer started(BriskServer server) {
            try {
                startListeners.forEach(listener -> listener.accept(server));
            } catch (RuntimeException | Error e) {
                server.close();
                throw e;
            }
            return server;
        }
    }
}
