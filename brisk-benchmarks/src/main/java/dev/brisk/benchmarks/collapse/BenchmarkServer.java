package dev.brisk.benchmarks.collapse;

import dev.brisk.collapse.rest.RouteCollapsing;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.Route;
import dev.brisk.rest.Schedulers;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server of a {@code collapse} run, in this process: {@code GET /item/{key}} answers {@code value-<key>}. In the
 * server scenario the handler stands for a backend call: it holds one of {@code backendSlots} worker threads for
 * {@code backendMs} (as a servlet container's thread would), and the route is collapsed with {@code --mode on}. In the
 * client scenario it answers at once on the event loop.
 */
final class BenchmarkServer implements AutoCloseable {

    static final String PATH = "/item/{key}";

    private final BriskServer server;
    private final LongAdder backendCalls = new LongAdder();

    BenchmarkServer(CollapseRun run) {
        var builder = Brisk.server().host("127.0.0.1").port(0).http(http -> http.options(o -> o.ioThreads(1)));
        if (run.server()) {
            builder.options(o -> o.workerThreads(run.backendSlots()).workerQueueSize(100_000)
                    .maxQueueTime(Duration.ofMinutes(1)));
            if (run.collapse()) {
                builder.feature(RouteCollapsing.builder().routes(PATH).build());
            }
            builder.route(Route.get(PATH).scheduler(Schedulers.WORKER).handler(ctx -> {
                backendCalls.increment();
                Thread.sleep(run.backendMs());
                ctx.send("value-" + ctx.pathParam("key"));
            }));
        } else {
            builder.route(Route.get(PATH).handler(ctx -> {
                backendCalls.increment();
                ctx.send("value-" + ctx.pathParam("key"));
            }));
        }
        this.server = builder.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    long backendCalls() {
        return backendCalls.sum();
    }

    @Override
    public void close() {
        server.close();
    }
}
