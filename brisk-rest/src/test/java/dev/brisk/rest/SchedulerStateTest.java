package dev.brisk.rest;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The schedulers' state as a running server reports it, and resizing the worker pool while running. */
class SchedulerStateTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static SchedulerState state(BriskServer server, String name) {
        return server.schedulers().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void listsTheSchedulersInUse() {
        server = server().options(o -> o.workerThreads(3).workerQueueSize(50).maxQueueTime(Duration.ofSeconds(1)))
                .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send("ok"))).start();
        assertThat(server.schedulers()).extracting(SchedulerState::name).containsExactly("io", "worker");
        SchedulerState worker = state(server, "worker");
        assertThat(worker.kind()).isEqualTo("pool");
        assertThat(worker.threads()).isEqualTo(3);
        assertThat(worker.queueCapacity()).isEqualTo(50);
        assertThat(worker.rejected()).isZero();
        assertThat(state(server, "io").kind()).isEqualTo("io");
    }

    @Test
    void resizedPoolRunsMoreRequestsAtOnce() throws Exception {
        CountDownLatch started = new CountDownLatch(3);
        CountDownLatch release = new CountDownLatch(1);
        server = server().options(o -> o.workerThreads(1).workerQueueSize(50).maxQueueTime(Duration.ofSeconds(30)))
                .route(Route.get("/block").scheduler(Schedulers.WORKER).handler(ctx -> {
                    started.countDown();
                    release.await(10, TimeUnit.SECONDS);
                    ctx.send("done");
                })).start();
        server.resizeScheduler(Schedulers.WORKER, 3);
        assertThat(state(server, "worker").threads()).isEqualTo(3);
        var calls = new ArrayList<CompletableFuture<String>>();
        for (int i = 0; i < 3; i++) {
            calls.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return get(server, "/block").body();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        // with one thread only one request could start; three start once the pool has three
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(state(server, "worker").active()).isEqualTo(3);
        release.countDown();
        for (var call : calls) {
            assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("done");
        }
        server.resizeScheduler(Schedulers.WORKER, 1);
        assertThat(state(server, "worker").threads()).isEqualTo(1);
    }

    @Test
    void resizingWhatIsNoPoolFailsClearly() {
        server = server().get("/x", ctx -> ctx.send("x")).start();
        assertThatThrownBy(() -> server.resizeScheduler("io", 4)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("io");
        assertThatThrownBy(() -> server.resizeScheduler("worker", 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'worker'");
        server.close();
        server = server().route(Route.get("/b").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send("b"))).start();
        assertThatThrownBy(() -> server.resizeScheduler("worker", 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(">= 1");
    }
}
