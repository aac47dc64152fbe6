package dev.brisk.rest.internal.assembly;

import dev.brisk.codec.Codecs;
import dev.brisk.http.HttpServer;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.ExceptionHandler;
import dev.brisk.rest.Filter;
import dev.brisk.rest.Route;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.observe.ObservabilityConfig;
import dev.brisk.rest.protect.ProtectionConfig;
import dev.brisk.rest.web.WebConfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What a {@code BriskServer.Builder} has been given: the server's own parts, the settings of the built-in features
 * and the added features. {@link ServerAssembly} turns it into a server; it may do so more than once.
 */
public final class ServerPlan {

    /**
     * Closes gracefully when the JVM is told to stop (SIGTERM), as an application server should: readiness turns DOWN
     * for the shutdown delay, requests in flight finish. {@code http(h -> h.shutdownHook(false))} when something else
     * owns the server's life (a container, tests).
     */
    private final HttpServer.Builder http = HttpServer.builder().shutdownHook(true);
    private BriskOptions.Builder options = BriskOptions.builder();
    private Codecs codecs = Codecs.defaults();
    private final Map<String, Executor> schedulers = new LinkedHashMap<>();
    private final List<Object> controllers = new ArrayList<>();
    private final List<Route> routes = new ArrayList<>();
    private final List<Filter> filters = new ArrayList<>();
    private final List<Filter> routeFilters = new ArrayList<>();
    private final List<Object> interceptors = new ArrayList<>();
    private final Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers = new LinkedHashMap<>();
    private final ProtectionSettings protection = new ProtectionSettings();
    private final ObservabilitySettings observability = new ObservabilitySettings();
    private final WebSettings web = new WebSettings();
    private final List<Feature> features = new ArrayList<>();

    public HttpServer.Builder http() {
        return http;
    }

    public BriskOptions.Builder options() {
        return options;
    }

    public void options(BriskOptions options) {
        this.options = Objects.requireNonNull(options, "options must not be null").toBuilder();
    }

    public Codecs codecs() {
        return codecs;
    }

    public void codecs(Codecs codecs) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
    }

    public void scheduler(String name, Executor executor) {
        schedulers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(executor, "executor"));
    }

    Map<String, Executor> schedulers() {
        return schedulers;
    }

    public void controller(Object controller) {
        controllers.add(Objects.requireNonNull(controller, "controller"));
    }

    List<Object> controllers() {
        return controllers;
    }

    public void route(Route route) {
        routes.add(Objects.requireNonNull(route, "route"));
    }

    List<Route> routes() {
        return routes;
    }

    public void filter(Filter filter) {
        filters.add(Objects.requireNonNull(filter, "filter"));
    }

    List<Filter> filters() {
        return filters;
    }

    public void routeFilter(Filter filter) {
        routeFilters.add(Objects.requireNonNull(filter, "filter"));
    }

    List<Filter> routeFilters() {
        return routeFilters;
    }

    /** A {@code HandlerInterceptor} or an {@code InterceptorRegistration}. */
    public void interceptor(Object interceptor) {
        interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
    }

    List<Object> interceptors() {
        return interceptors;
    }

    public void exceptionHandler(Class<? extends Throwable> type, ExceptionHandler<?> handler) {
        exceptionHandlers.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(handler, "handler"));
    }

    Map<Class<? extends Throwable>, ExceptionHandler<?>> exceptionHandlers() {
        return exceptionHandlers;
    }

    public ProtectionConfig protection() {
        return protection;
    }

    public ObservabilityConfig observability() {
        return observability;
    }

    public WebConfig web() {
        return web;
    }

    public void feature(Feature feature) {
        features.add(Objects.requireNonNull(feature, "feature"));
    }

    /**
     * The features in the order they install: the built-in ones set so far (protection, web, then observability, so
     * that the health routes come after the other routes), then the added ones.
     */
    List<Feature> features() {
        List<Feature> all = new ArrayList<>();
        all.add(protection.feature());
        web.addFeatures(all);
        observability.addFeatures(all);
        all.addAll(features);
        return all;
    }
}
