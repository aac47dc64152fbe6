package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.Schedulers;
import io.netty.util.concurrent.FastThreadLocalThread;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring MVC handlers run on the worker pool by default, so blocking code never holds an event loop; {@code @RunOn}
 * still puts one on the event loop. Over real sockets.
 */
class SpringThreadingTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** Where a handler ran: the thread's name and whether it is a Netty event loop thread. */
    static String where() {
        Thread thread = Thread.currentThread();
        return (thread instanceof FastThreadLocalThread ? "event-loop " : "worker ") + thread.getName();
    }

    @RestController
    public static class BlockingController {
        final CountDownLatch entered = new CountDownLatch(4);
        final CountDownLatch release = new CountDownLatch(1);

        @GetMapping("/block")
        public String block() throws InterruptedException {
            entered.countDown();
            return release.await(30, TimeUnit.SECONDS) ? "released" : "never released";
        }

        @GetMapping("/thread")
        public String thread() {
            return where();
        }

        @RunOn(Schedulers.IO)
        @GetMapping("/io-thread")
        public String ioThread() {
            return where();
        }
    }

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void handlersRunOnTheWorkerPoolUnlessRunOnSaysOtherwise() throws Exception {
        server = Brisk.server().port(0).host("127.0.0.1").controllers(new BlockingController()).start();
        assertThat(get("/thread").body()).startsWith("worker brisk-worker-");
        assertThat(get("/io-thread").body()).startsWith("event-loop brisk-io-");
    }

    @Test
    void anUnrelatedRequestIsAnsweredWhileFourBlockingHandlersAreHeld() throws Exception {
        BlockingController controller = new BlockingController();
        // one event loop: a handler blocking on it would stall every other request
        server = Brisk.server().port(0).host("127.0.0.1").http(http -> http.options(o -> o.ioThreads(1)))
                .controllers(controller)
                .start();
        List<CompletableFuture<HttpResponse<String>>> blocked = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                blocked.add(CLIENT.sendAsync(request("/block"), HttpResponse.BodyHandlers.ofString()));
            }
            assertThat(controller.entered.await(10, TimeUnit.SECONDS)).as("four handlers held at once").isTrue();
            HttpResponse<String> unrelated = get("/thread");
            assertThat(unrelated.statusCode()).isEqualTo(200);
            assertThat(unrelated.body()).startsWith("worker ");
            assertThat(blocked).noneMatch(CompletableFuture::isDone);
        } finally {
            controller.release.countDown();
        }
        for (CompletableFuture<HttpResponse<String>> call : blocked) {
            assertThat(call.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
        }
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(request(path), HttpResponse.BodyHandlers.ofString());
    }
}
