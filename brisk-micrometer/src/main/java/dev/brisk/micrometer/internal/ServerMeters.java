package dev.brisk.micrometer.internal;

import dev.brisk.http.ServerMetrics;
import dev.brisk.http.common.Protocol;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.SchedulerState;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The gauges of one running server: open connections by protocol and accepted ({@code brisk.connections.active},
 * {@code brisk.connections.accepted}), requests in flight and received ({@code brisk.requests.active},
 * {@code brisk.requests}), each scheduler's threads, busy workers, queue and rejections ({@code brisk.scheduler.*},
 * tag {@code name}), and the tasks queued on each event loop ({@code brisk.eventloop.pending}, tag {@code loop}).
 * They read the server's counters when the registry asks; nothing is counted per request.
 */
public final class ServerMeters {

    private final MeterRegistry registry;
    private final List<Meter> meters = new ArrayList<>();

    private ServerMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Registers the gauges of {@code server} in {@code registry}. */
    public static ServerMeters bind(BriskServer server, MeterRegistry registry) {
        ServerMeters bound = new ServerMeters(registry);
        bound.connections(server.http().metrics());
        bound.schedulers(server);
        bound.eventLoops(server);
        return bound;
    }

    /** Removes the gauges from the registry. */
    public void remove() {
        meters.forEach(registry::remove);
        meters.clear();
    }

    private void connections(ServerMetrics metrics) {
        meters.add(Gauge.builder("brisk.connections.active", metrics, m -> m.openConnections(Protocol.HTTP_1_1))
                .tag("protocol", "http1").description("Open HTTP/1.x connections").register(registry));
        meters.add(Gauge.builder("brisk.connections.active", metrics, m -> m.openConnections(Protocol.HTTP_2))
                .tag("protocol", "http2").description("Open HTTP/2 connections").register(registry));
        meters.add(Gauge.builder("brisk.connections.active", metrics, m -> m.openConnections(Protocol.HTTP_3))
                .tag("protocol", "http3").description("Open HTTP/3 (QUIC) connections").register(registry));
        meters.add(FunctionCounter.builder("brisk.connections.accepted", metrics, ServerMetrics::connectionsAccepted)
                .description("Connections accepted").register(registry));
        meters.add(Gauge.builder("brisk.requests.active", metrics, ServerMetrics::requestsInFlight)
                .description("Requests received and not answered yet").register(registry));
        meters.add(FunctionCounter.builder("brisk.requests", metrics, ServerMetrics::requestsTotal)
                .description("Requests received").register(registry));
    }

    private void schedulers(BriskServer server) {
        for (SchedulerState scheduler : server.schedulers()) {
            String name = scheduler.name();
            scheduler(server, "brisk.scheduler.threads", name, "Worker threads", SchedulerState::threads);
            scheduler(server, "brisk.scheduler.active", name, "Requests running", SchedulerState::active);
            scheduler(server, "brisk.scheduler.queued", name, "Requests waiting for a worker", SchedulerState::queued);
            scheduler(server, "brisk.scheduler.queue.capacity", name, "Requests that may wait before 503",
                    SchedulerState::queueCapacity);
            meters.add(FunctionCounter.builder("brisk.scheduler.rejected", server, s -> state(s, name).rejected())
                    .tag("name", name).description("Requests answered 503 by the scheduler").register(registry));
        }
    }

    private void scheduler(BriskServer server, String meter, String name, String description,
                           ToDoubleFunction<SchedulerState> value) {
        meters.add(Gauge.builder(meter, server, s -> value.applyAsDouble(state(s, name))).tag("name", name)
                .description(description).register(registry));
    }

    private static SchedulerState state(BriskServer server, String name) {
        for (SchedulerState state : server.schedulers()) {
            if (state.name().equals(name)) {
                return state;
            }
        }
        return new SchedulerState(name, "gone", -1, -1, -1, -1, 0);
    }

    private void eventLoops(BriskServer server) {
        int loops = server.http().eventLoopPendingTasks().size();
        for (int i = 0; i < loops; i++) {
            int loop = i;
            meters.add(Gauge.builder("brisk.eventloop.pending", server,
                            s -> s.http().eventLoopPendingTasks().get(loop))
                    .tag("loop", Integer.toString(loop)).description("Tasks queued on the event loop")
                    .register(registry));
        }
    }
}
