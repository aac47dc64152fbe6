package dev.brisk.rest.internal.assembly;

import dev.brisk.http.HttpServer;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.Filter;
import dev.brisk.rest.HandlerInterceptor;
import dev.brisk.rest.InterceptorRegistration;
import dev.brisk.rest.Route;
import dev.brisk.rest.feature.FeatureContext;
import dev.brisk.rest.internal.observe.Draining;
import dev.brisk.rest.internal.feature.BuiltInStages;
import dev.brisk.rest.multipart.MultipartOptions;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.RequestObserver;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.rest.protect.ProtectionOptions;
import dev.brisk.rest.web.CorsConfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The {@link FeatureContext} of one server being assembled: starts with what the builder was given directly, collects
 * what the features add, and holds the pipeline stages only the built-in features set (protection, access log,
 * tracing, CORS, multipart), as {@link BuiltInStages}.
 */
public final class AssemblyContext implements FeatureContext, BuiltInStages {

    private final BriskOptions options;
    private final HttpServer.Builder http;
    private final Draining draining = new Draining();
    final List<Route> routes;
    final List<Filter> filters;
    /** Filters that run before {@link #filters}. */
    final List<Filter> outerFilters = new ArrayList<>();
    final List<Filter> routeFilters;
    final List<Object> interceptors;
    final Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers;
    final List<RequestObserver> observers = new ArrayList<>();
    final List<Consumer<? super BriskServer>> startListeners = new ArrayList<>();
    final List<Consumer<? super BriskServer>> stopListeners = new ArrayList<>();
    final List<Map.Entry<String, CorsConfig>> cors = new ArrayList<>();
    ProtectionOptions protection = ProtectionOptions.DEFAULT;
    MultipartOptions multipart = MultipartOptions.DEFAULT;
    AccessLogOptions accessLog;
    TracingOptions tracing;

    AssemblyContext(ServerPlan plan, BriskOptions options) {
        this.options = options;
        this.http = plan.http();
        this.routes = new ArrayList<>(plan.routes());
        this.filters = new ArrayList<>(plan.filters());
        this.routeFilters = new ArrayList<>(plan.routeFilters());
        this.interceptors = new ArrayList<>(plan.interceptors());
        this.exceptionHandlers = new LinkedHashMap<>(plan.exceptionHandlers());
    }

    /** The context of a built-in feature, which only installs into a server Brisk assembles. */
    @Override
    public BriskOptions options() {
        return options;
    }

    @Override
    public AssemblyContext route(Route route) {
        routes.add(Objects.requireNonNull(route, "route"));
        return this;
    }

    @Override
    public AssemblyContext filter(Filter filter) {
        filters.add(Objects.requireNonNull(filter, "filter"));
        return this;
    }

    @Override
    public AssemblyContext outerFilter(Filter filter) {
        outerFilters.add(Objects.requireNonNull(filter, "filter"));
        return this;
    }

    @Override
    public AssemblyContext routeFilter(Filter filter) {
        routeFilters.add(Objects.requireNonNull(filter, "filter"));
        return this;
    }

    @Override
    public AssemblyContext interceptor(HandlerInterceptor interceptor) {
        interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
        return this;
    }

    @Override
    public AssemblyContext interceptor(InterceptorRegistration registration) {
        interceptors.add(Objects.requireNonNull(registration, "registration"));
        return this;
    }

    @Override
    public <T extends Throwable> AssemblyContext exceptionHandler(Class<T> type, ExceptionHandler<? super T> handler) {
        exceptionHandlers.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(handler, "handler"));
        return this;
    }

    @Override
    public AssemblyContext observer(RequestObserver observer) {
        observers.add(Objects.requireNonNull(observer, "observer"));
        return this;
    }

    @Override
    public AssemblyContext http(Consumer<HttpServer.Builder> configure) {
        configure.accept(http);
        return this;
    }

    @Override
    public AssemblyContext onStart(Consumer<? super BriskServer> listener) {
        startListeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    @Override
    public AssemblyContext onStop(Consumer<? super BriskServer> listener) {
        stopListeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    // ---- stages only built-in features set ----

    /** What tells the readiness route that the server is closing. */
    @Override
    public Draining draining() {
        return draining;
    }

    @Override
    public void protection(ProtectionOptions protection) {
        this.protection = Objects.requireNonNull(protection, "protection");
    }

    @Override
    public void accessLog(AccessLogOptions accessLog) {
        this.accessLog = Objects.requireNonNull(accessLog, "accessLog");
    }

    @Override
    public void tracing(TracingOptions tracing) {
        this.tracing = Objects.requireNonNull(tracing, "tracing");
    }

    @Override
    public void cors(String pathPattern, CorsConfig config) {
        cors.add(Map.entry(pathPattern, config));
    }

    @Override
    public void multipart(MultipartOptions multipart) {
        this.multipart = Objects.requireNonNull(multipart, "multipart");
    }
}
