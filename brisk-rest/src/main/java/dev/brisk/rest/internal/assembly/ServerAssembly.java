package dev.brisk.rest.internal.assembly;

import dev.brisk.http.HttpPortProtocol;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Filter;
import dev.brisk.rest.feature.Feature;
import dev.brisk.rest.internal.Observers;
import dev.brisk.rest.internal.PipelineStages;
import dev.brisk.rest.internal.RestServer;
import dev.brisk.rest.internal.WebFeatures;
import dev.brisk.rest.internal.observe.AccessLog;
import dev.brisk.rest.internal.observe.ServerTracing;
import dev.brisk.rest.internal.protect.ClientAddresses;
import dev.brisk.rest.observe.RequestObserver;
import dev.brisk.rest.web.CorsConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Turns a {@link ServerPlan} into a server: installs the features, discovers the controllers' routes, builds the
 * request pipeline ({@link RestServer}) with its optional stages, then binds and tells the observers and start hooks.
 * Runs once per server; nothing here is on the request path.
 */
public final class ServerAssembly {

    private final AssemblyContext context;
    private final RestServer rest;
    private final Optional<RequestObserver> observer;

    private ServerAssembly(ServerPlan plan) {
        BriskOptions options = plan.options().build();
        this.context = new AssemblyContext(plan, options);
        for (Feature feature : plan.features()) {
            feature.install(context);
        }
        ControllerRoutes controllers = ControllerRoutes.of(plan.controllers());
        List<Filter> filters = new ArrayList<>(context.outerFilters);
        filters.addAll(context.filters);
        filters.addAll(controllers.filters());
        List<Map.Entry<String, CorsConfig>> cors = new ArrayList<>(context.cors);
        cors.addAll(controllers.corsMappings());
        this.observer = Observers.combine(context.observers);
        ClientAddresses clients = ClientAddresses.of(context.protection);
        // opens the access log's file, if it has one: a path that cannot be written stops the start here
        AccessLog accessLog = context.accessLog == null ? null : new AccessLog(context.accessLog, clients);
        try {
            ServerTracing tracing = context.tracing == null ? null : new ServerTracing(context.tracing, clients);
            List<Object> interceptors = new ArrayList<>(context.interceptors);
            interceptors.addAll(controllers.interceptors());
            this.rest = new RestServer(options, plan.codecs(), filters, context.routeFilters, interceptors,
                    context.exceptionHandlers, plan.schedulers(), context.routes, controllers.routes(),
                    new PipelineStages(new WebFeatures(cors, context.multipart), context.protection,
                            controllers.failureHandlers(), observer.orElse(null), accessLog, tracing));
        } catch (RuntimeException e) {
            if (accessLog != null) {
                accessLog.close();
            }
            throw e;
        }
    }

    /** The request pipeline of {@code plan}, without binding a port. */
    public static RestServer handler(ServerPlan plan) {
        return new ServerAssembly(plan).rest;
    }

    /** The routes of {@code plan} for a port another server owns; closing it also stops the schedulers. */
    public static HttpPortProtocol portProtocol(ServerPlan plan) {
        RestServer rest = handler(plan);
        try {
            return plan.http().handler(rest).buildPortProtocol();
        } catch (RuntimeException e) {
            rest.shutdown();
            throw e;
        }
    }

    /**
     * Builds, binds and starts the server {@code create} makes of its parts, then tells the observers and runs the
     * start hooks; when one of them fails, the server is closed and the failure thrown.
     */
    public static BriskServer start(ServerPlan plan, Function<ServerParts, BriskServer> create) {
        ServerAssembly assembly = new ServerAssembly(plan);
        RestServer rest = assembly.rest;
        BriskServer server;
        try {
            server = create.apply(new ServerParts(plan.http().handler(rest).start(), rest, assembly.observer,
                    assembly.context.draining(), assembly.context.stopListeners));
        } catch (RuntimeException e) {
            rest.shutdown();
            throw e;
        }
        try {
            assembly.observer.ifPresent(o -> o.started(server));
            for (Consumer<? super BriskServer> listener : assembly.context.startListeners) {
                listener.accept(server);
            }
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
        return server;
    }
}
