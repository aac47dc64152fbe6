package dev.brisk.spring.boot.actuate;

import dev.brisk.http.ServerOptions;
import dev.brisk.http.common.Protocol;
import dev.brisk.rest.BriskOptions;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.SchedulerState;
import dev.brisk.spring.boot.BriskWebServer;
import dev.brisk.spring.boot.BriskApplicationContext;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.context.ApplicationContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code brisk} actuator endpoint: the server's event loops, connections, requests, schedulers and effective
 * configuration ({@code GET /actuator/brisk}); one scheduler ({@code GET /actuator/brisk/{name}}); and resizing the
 * worker pool while running ({@code POST /actuator/brisk/worker} with {@code {"threads": 32}}).
 */
@Endpoint(id = "brisk")
public class BriskEndpoint {

    private final ApplicationContext context;

    public BriskEndpoint(ApplicationContext context) {
        this.context = context;
    }

    private Optional<BriskServer> server() {
        if (context instanceof BriskApplicationContext brisk && brisk.getWebServer() != null) {
            BriskWebServer web = brisk.getWebServer();
            return web.server();
        }
        return Optional.empty();
    }

    /** The whole state, or 404 while no server listens. */
    @ReadOperation
    public BriskDescriptor brisk() {
        return server().map(BriskEndpoint::describe).orElse(null);
    }

    /** One scheduler's state, or 404 when it is not in use. */
    @ReadOperation
    public SchedulerState scheduler(@Selector String name) {
        return server().flatMap(s -> state(s, name)).orElse(null);
    }

    /** Resizes a pool scheduler (the worker pool) while running; answers its new state. */
    @WriteOperation
    public SchedulerState resize(@Selector String name, int threads) {
        BriskServer server = server().orElse(null);
        if (server == null) {
            return null;
        }
        try {
            server.resizeScheduler(name, threads);
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            throw new InvalidEndpointRequestException(e.getMessage(), e.getMessage());
        }
        return state(server, name).orElse(null);
    }

    private static Optional<SchedulerState> state(BriskServer server, String name) {
        return server.schedulers().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    private static BriskDescriptor describe(BriskServer server) {
        ServerOptions http = server.http().options();
        var metrics = server.http().metrics();
        return new BriskDescriptor(server.port(), server.http().transport().name(), http.ioThreads(),
                server.http().eventLoopPendingTasks(),
                new Connections(metrics.openConnections(), metrics.openConnections(Protocol.HTTP_1_1),
                        metrics.openConnections(Protocol.HTTP_2)),
                new Requests(metrics.requestsTotal(), metrics.requestsInFlight()), server.routes().size(),
                server.schedulers(), configuration(http, server.options()));
    }

    /** The effective settings, without secrets: TLS is reported as on or off with its provider only. */
    private static Map<String, Object> configuration(ServerOptions http, BriskOptions brisk) {
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("host", http.host());
        server.put("port", http.port());
        server.put("ioThreads", http.ioThreads());
        server.put("transport", http.transport().name());
        server.put("backlog", http.backlog());
        server.put("maxConnections", http.maxConnections());
        server.put("maxKeepAliveRequests", http.maxKeepAliveRequests());
        server.put("idleTimeout", http.idleTimeout().toString());
        server.put("handshakeTimeout", http.handshakeTimeout().toString());
        server.put("headerReadTimeout", http.headerReadTimeout().toString());
        server.put("bodyReadTimeout", http.bodyReadTimeout().toString());
        server.put("writeTimeout", http.writeTimeout().toString());
        server.put("minBodyDataRate", http.minBodyDataRate());
        server.put("limits", http.limits());
        server.put("http2", http.http2());
        server.put("tls", http.tls().map(tls -> Map.of("enabled", true, "provider", tls.provider().name(),
                "clientAuth", tls.clientAuth().name())).orElse(Map.of("enabled", false)));
        server.put("serverHeader", http.serverHeader().orElse(null));
        server.put("shutdownTimeout", http.shutdownTimeout().toString());
        Map<String, Object> rest = new LinkedHashMap<>();
        rest.put("contextPath", brisk.contextPath());
        rest.put("defaultScheduler", brisk.defaultScheduler());
        rest.put("controllerScheduler", brisk.controllerScheduler());
        rest.put("workerThreads", brisk.workerThreads());
        rest.put("workerQueueSize", brisk.workerQueueSize());
        rest.put("maxQueueTime", brisk.maxQueueTime().toString());
        rest.put("virtualMaxConcurrency", brisk.virtualMaxConcurrency());
        rest.put("formatParameter", brisk.formatParameter());
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("http", server);
        all.put("rest", rest);
        return all;
    }

    /**
     * What {@code GET /actuator/brisk} answers.
     *
     * @param port                  the port listened on
     * @param transport             the socket transport in use
     * @param ioThreads             event loops
     * @param eventLoopPendingTasks tasks queued on each event loop
     * @param connections           open connections
     * @param requests              requests received and in flight
     * @param routes                routes served
     * @param schedulers            the schedulers in use
     * @param configuration         the effective settings
     */
    public record BriskDescriptor(int port, String transport, int ioThreads, List<Integer> eventLoopPendingTasks,
                                  Connections connections, Requests requests, int routes,
                                  List<SchedulerState> schedulers, Map<String, Object> configuration)
            implements OperationResponseBody {
    }

    /** Open connections, in total and by protocol. */
    public record Connections(long total, long http1, long http2) {
    }

    /** Requests received since start, and those not answered yet. */
    public record Requests(long total, long inFlight) {
    }
}
