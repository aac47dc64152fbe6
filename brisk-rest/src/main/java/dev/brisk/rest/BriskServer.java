package dev.brisk.rest;

import dev.brisk.codec.Codecs;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpPortProtocol;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.internal.RestServer;
import dev.brisk.rest.internal.assembly.GroupRoutes;
import dev.brisk.rest.internal.assembly.ServerAssembly;
import dev.brisk.rest.internal.assembly.ServerParts;
import dev.brisk.rest.observe.ObservabilityConfig;
import dev.brisk.rest.protect.ProtectionConfig;
import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.web.CorsConfig;
import dev.brisk.rest.web.WebConfig;
import io.netty.handler.codec.http.HttpMethod;

import dev.brisk.rest.internal.assembly.ServerPlan;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/** A running REST server: routes (programmatic and annotated) on a Brisk HTTP server. */
public final class BriskServer implements AutoCloseable {

    private final HttpServer http;
    private final RestServer rest;
    private final ServerParts parts;

    private BriskServer(ServerParts parts) {
        this.http = parts.http();
        this.rest = parts.rest();
        this.parts = parts;
        parts.draining().server(http);
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
    public HttpHandler handler() {
        return rest;
    }

    /** The routes, in registration order. */
    public List<RouteInfo> routes() {
        return rest.routes();
    }

    /**
     * The CORS rules Brisk applies to {@code request} (for a preflight, to the request it announces): for filters that
     * handle CORS themselves ahead of routing, such as a security filter chain's CORS support, so they answer as Brisk
     * would. Empty when no rules apply or no route takes the request.
     */
    public Optional<CorsConfig> corsRules(ServerRequest request) {
        return Optional.ofNullable(rest.corsRules(request));
    }

    /** The state of the schedulers in use: the event loops ({@code io}), and WORKER, VIRTUAL or custom ones in use. */
    public List<SchedulerState> schedulers() {
        return rest.schedulers();
    }

    /**
     * Changes the number of worker threads of a pool scheduler ({@link Schedulers#WORKER}) while running: added threads
     * start on demand, surplus ones end once idle. Fails for an unknown scheduler, {@code threads < 1} or no pool.
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

    /** Access log lines dropped because the logger could not keep up (its queue was full); 0 when it is off. */
    public long accessLogDropped() {
        return rest.accessLog() == null ? 0 : rest.accessLog().dropped();
    }

    /**
     * Shuts down gracefully (see {@link HttpServer#close()}), then stops the schedulers. The readiness route, if any,
     * answers DOWN from the start. Observers and stop hooks are told last.
     */
    @Override
    public void close() {
        parts.draining().begin();
        http.close();
        rest.shutdown();
        parts.stopped(this);
    }

    /**
     * Builds and starts a {@link BriskServer}: the server's own parts here, optional ones grouped by concern
     * ({@link #protection}, {@link #observability}, {@link #web}) or added as a {@link Feature}.
     */
    public static final class Builder {
        private final ServerPlan plan =
                new ServerPlan();

        Builder() {
        }

        public Builder port(int port) {
            plan.http().port(port);
            return this;
        }

        public Builder host(String host) {
            plan.http().host(host);
            return this;
        }

        /** Tunes the HTTP server: TLS, limits, timeouts, IO threads... A shutdown hook is on unless turned off here. */
        public Builder http(Consumer<HttpServer.Builder> configure) {
            configure.accept(plan.http());
            return this;
        }

        /** Takes every framework option from {@code options}; later calls change single options. */
        public Builder options(BriskOptions options) {
            plan.options(options);
            return this;
        }

        /** Changes framework options: context path, default and controller schedulers, worker pool, SSE buffer... */
        public Builder options(Consumer<BriskOptions.Builder> configure) {
            configure.accept(plan.options());
            return this;
        }

        /** The framework options as configured so far; fails naming the option and its value when one is invalid. */
        public BriskOptions options() {
            return plan.options().build();
        }

        /** Registers a named scheduler backed by the application's executor. */
        public Builder scheduler(String name, Executor executor) {
            plan.scheduler(name, executor);
            return this;
        }

        /** The body codecs (default {@link Codecs#defaults()}). */
        public Builder codecs(Codecs codecs) {
            plan.codecs(codecs);
            return this;
        }

        /**
         * Annotated controllers (Spring MVC or JAX-RS style) made routes by the {@link ControllerSupport}s on the class
         * path; they run on {@link BriskOptions#controllerScheduler()} (the worker pool by default) unless {@link RunOn} says else.
         */
        public Builder controllers(Object... controllers) {
            for (Object controller : controllers) {
                plan.controller(controller);
            }
            return this;
        }

        public Builder route(Route route) {
            plan.route(route);
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

        /** Routes under the path {@code prefix} with filters of their own; see {@link RouteGroup}. */
        public Builder group(String prefix, Consumer<RouteGroup> routes) {
            GroupRoutes.routes(prefix, routes).forEach(plan::route);
            return this;
        }

        /** A filter that runs before routing. */
        public Builder filter(Filter filter) {
            plan.filter(filter);
            return this;
        }

        /** A filter that runs after routing, before the handler. */
        public Builder routeFilter(Filter filter) {
            plan.routeFilter(filter);
            return this;
        }

        /** Around handlers: of all routes, those a {@link RouteInterceptor} picks, or as {@link MappingInterceptor}. */
        public Builder interceptor(HandlerInterceptor interceptor) {
            plan.interceptor(interceptor);
            return this;
        }

        /** An interceptor limited by include and exclude path patterns. */
        public Builder interceptor(InterceptorRegistration registration) {
            plan.interceptor(registration);
            return this;
        }

        /** Handles exceptions of {@code type} (and subtypes not handled more specifically). */
        public <T extends Throwable> Builder exceptionHandler(Class<T> type, ExceptionHandler<? super T> handler) {
            plan.exceptionHandler(type, handler);
            return this;
        }

        /** Concurrency limit, load shedding, request timeout, IP filters, proxies: see {@link ProtectionConfig}. */
        public Builder protection(Consumer<ProtectionConfig> configure) {
            configure.accept(plan.protection());
            return this;
        }

        /** Access log, tracing, health routes, request observers: see {@link ObservabilityConfig}. */
        public Builder observability(Consumer<ObservabilityConfig> configure) {
            configure.accept(plan.observability());
            return this;
        }

        /** CORS, static files, compression, multipart, WebSocket endpoints: see {@link WebConfig}. */
        public Builder web(Consumer<WebConfig> configure) {
            configure.accept(plan.web());
            return this;
        }

        /** Adds a feature (OpenAPI, metrics, collapsing, the application's own); features install in this order. */
        public Builder feature(Feature feature) {
            plan.feature(feature);
            return this;
        }

        /** The request pipeline without binding a port: to embed in another {@code HttpServer} or drive from tests. */
        public HttpHandler buildHandler() {
            return ServerAssembly.handler(plan);
        }

        /**
         * The routes for a port another server owns ({@link HttpPortProtocol}), e.g. an {@code RpcServer}'s; closing it
         * stops the schedulers. The {@link #http(Consumer)} options apply, but for port, host, transport and threads.
         */
        public HttpPortProtocol buildPortProtocol() {
            return ServerAssembly.portProtocol(plan);
        }

        /** Installs the features, validates every route, binds and starts serving. */
        public BriskServer start() {
            return ServerAssembly.start(plan, BriskServer::new);
        }
    }
}
