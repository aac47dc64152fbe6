package dev.brisk.spring.boot.actuate.metrics;

import dev.brisk.http.ServerMetrics;
import dev.brisk.http.common.Protocol;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.SchedulerState;
import dev.brisk.spring.boot.BriskWebServerInitializedEvent;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.ApplicationListener;

import java.util.function.ToDoubleFunction;

/**
 * Gauges of the application's Brisk server, registered once it listens: open connections by protocol
 * ({@code brisk.connections.active}), requests in flight and received ({@code brisk.requests.active},
 * {@code brisk.requests}), each scheduler's threads, busy workers, queue and rejections ({@code brisk.scheduler.*},
 * tag {@code name}), and the tasks queued on each event loop ({@code brisk.eventloop.pending}, tag {@code loop}).
 */
public final class ServerMeters implements ApplicationListener<BriskWebServerInitializedEvent> {

    private final MeterRegistry registry;

    public ServerMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void onApplicationEvent(BriskWebServerInitializedEvent event) {
        if (event.getApplicationContext().getServerNamespace() != null) {
            return;
        }
        event.getWebServer().server().ifPresent(this::bind);
    }

    private void bind(BriskServer server) {
        ServerMetrics metrics = server.http().metrics();
        Gauge.builder("brisk.connections.active", metrics, m -> m.openConnections(Protocol.HTTP_1_1))
                .tag("protocol", "http1").description("Open HTTP/1.x connections").register(registry);
        Gauge.builder("brisk.connections.active", metrics, m -> m.openConnections(Protocol.HTTP_2))
                .tag("protocol", "http2").description("Open HTTP/2 connections").register(registry);
        Gauge.builder("brisk.requests.active", metrics, ServerMetrics::requestsInFlight)
                .description("Requests received and not answered yet").register(registry);
        FunctionCounter.builder("brisk.requests", metrics, ServerMetrics::requestsTotal)
                .description("Requests received").register(registry);
        for (SchedulerState scheduler : server.schedulers()) {
            String name = scheduler.name();
            scheduler(server, "brisk.scheduler.threads", name, "Worker threads", s -> s.threads());
            scheduler(server, "brisk.scheduler.active", name, "Requests running", s -> s.active());
            scheduler(server, "brisk.scheduler.queued", name, "Requests waiting for a worker", s -> s.queued());
            scheduler(server, "brisk.scheduler.queue.capacity", name, "Requests that may wait before 503",
                    s -> s.queueCapacity());
            FunctionCounter.builder("brisk.scheduler.rejected", server, s -> state(s, name).rejected())
                    .tag("name", name).description("Requests answered 503 by the scheduler").register(registry);
        }
        int loops = server.http().eventLoopPendingTasks().size();
        for (int i = 0; i < loops; i++) {
            int loop = i;
            Gauge.builder("brisk.eventloop.pending", server, s -> s.http().eventLoopPendingTasks().get(loop))
                    .tag("loop", Integer.toString(loop)).description("Tasks queued on the event loop")
                    .register(registry);
        }
    }

    private void scheduler(BriskServer server, String meter, String name, String description,
                           ToDoubleFunction<SchedulerState> value) {
        Gauge.builder(meter, server, s -> value.applyAsDouble(state(s, name))).tag("name", name)
                .description(description).register(registry);
    }

    private static SchedulerState state(BriskServer server, String name) {
        return server.schedulers().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElse(new SchedulerState(name, "gone", -1, -1, -1, -1, 0));
    }
}
