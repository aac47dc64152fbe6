package dev.brisk.rest;

import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.assertj.core.groups.Tuple;
import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Routes of annotated controllers run on the controller scheduler (the worker pool by default) unless {@link RunOn}
 * names another; programmatic routes keep the default scheduler (IO). The test annotation style of
 * {@link ControllerSupportTest} stands in for Spring MVC and JAX-RS.
 */
class ControllerSchedulerTest {

    /** Where a handler ran: the thread's name and whether it is a Netty event loop thread. */
    static String where() {
        Thread thread = Thread.currentThread();
        return (thread instanceof FastThreadLocalThread ? "event-loop " : "worker ") + thread.getName();
    }

    static final class ThreadController {
        @ControllerSupportTest.Get("/controller/thread")
        public String thread() {
            return where();
        }

        @RunOn(Schedulers.IO)
        @ControllerSupportTest.Get("/controller/io")
        public String onIo() {
            return where();
        }
    }

    @RunOn(Schedulers.IO)
    static final class IoController {
        @ControllerSupportTest.Get("/io-controller/thread")
        public String thread() {
            return where();
        }
    }

    /** Handlers that block until released, counting those that started. */
    static final class BlockingController {
        final CountDownLatch entered = new CountDownLatch(4);
        final CountDownLatch release = new CountDownLatch(1);

        @ControllerSupportTest.Get("/block")
        public String block() throws InterruptedException {
            entered.countDown();
            if (!release.await(30, TimeUnit.SECONDS)) {
                return "never released";
            }
            return "released";
        }

        @ControllerSupportTest.Get("/ping")
        public String ping() {
            return "pong";
        }
    }

    private BriskServer server;
    private final ExecutorService custom = Executors.newFixedThreadPool(2, r -> new Thread(r, "my-pool"));

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        custom.shutdownNow();
    }

    @Test
    void controllerRoutesRunOnTheWorkerPoolAndProgrammaticRoutesOnTheEventLoop() throws Exception {
        server = server().controllers(new ThreadController()).get("/raw", ctx -> ctx.send(where())).start();
        assertThat(get(server, "/controller/thread").body()).startsWith("worker brisk-worker-");
        assertThat(get(server, "/raw").body()).startsWith("event-loop brisk-io-");
        assertThat(server.routes()).extracting(RouteInfo::path, RouteInfo::scheduler).contains(
                Tuple.tuple("/controller/thread", Schedulers.WORKER),
                Tuple.tuple("/controller/io", Schedulers.IO),
                Tuple.tuple("/raw", Schedulers.IO));
    }

    @Test
    void runOnIoKeepsAControllerMethodOrClassOnTheEventLoop() throws Exception {
        server = server().controllers(new ThreadController(), new IoController()).start();
        assertThat(get(server, "/controller/io").body()).startsWith("event-loop brisk-io-");
        assertThat(get(server, "/io-controller/thread").body()).startsWith("event-loop brisk-io-");
        assertThat(get(server, "/controller/thread").body()).startsWith("worker brisk-worker-");
    }

    @Test
    void anUnrelatedRequestIsAnsweredWhileFourBlockingHandlersAreHeld() throws Exception {
        BlockingController controller = new BlockingController();
        // one event loop: a handler blocking on it would stall every other request
        server = server().http(http -> http.options(o -> o.ioThreads(1))).controllers(controller).start();
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<CompletableFuture<HttpResponse<String>>> blocked = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                blocked.add(client.sendAsync(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/block")).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            assertThat(controller.entered.await(10, TimeUnit.SECONDS)).as("four handlers held at once").isTrue();
            HttpResponse<String> ping = get(server, "/ping");
            assertThat(ping.statusCode()).isEqualTo(200);
            assertThat(ping.body()).isEqualTo("pong");
            assertThat(blocked).noneMatch(CompletableFuture::isDone);
        } finally {
            controller.release.countDown();
        }
        for (CompletableFuture<HttpResponse<String>> call : blocked) {
            assertThat(call.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
        }
    }

    @Test
    void theControllerSchedulerIsAnOption() throws Exception {
        server = server().scheduler("mine", custom).options(o -> o.controllerScheduler("mine")
                .defaultScheduler(Schedulers.WORKER))
                .controllers(new ThreadController()).get("/raw", ctx -> ctx.send(where())).start();
        assertThat(get(server, "/controller/thread").body()).isEqualTo("worker my-pool");
        assertThat(get(server, "/controller/io").body()).startsWith("event-loop brisk-io-");
        assertThat(get(server, "/raw").body()).startsWith("worker brisk-worker-");
    }

    @Test
    void controllersThatNeverBlockCanStayOnTheEventLoop() throws Exception {
        server = server().options(o -> o.controllerScheduler(Schedulers.IO)).controllers(new ThreadController())
                .start();
        assertThat(get(server, "/controller/thread").body()).startsWith("event-loop brisk-io-");
    }

    @Test
    void onJava21ControllersCanRunOnVirtualThreads() throws Exception {
        if (Runtime.version().feature() < 21) {
            return;
        }
        server = server().options(o -> o.controllerScheduler(Schedulers.VIRTUAL)).controllers(new ThreadController())
                .start();
        assertThat(get(server, "/controller/thread").body()).startsWith("worker ");
        assertThat(server.routes()).filteredOn(route -> route.path().equals("/controller/thread"))
                .extracting(RouteInfo::scheduler).containsExactly(Schedulers.VIRTUAL);
    }
}
