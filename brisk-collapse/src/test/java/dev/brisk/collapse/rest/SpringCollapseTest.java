package dev.brisk.collapse.rest;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RunOn;
import dev.brisk.rest.Schedulers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
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
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** @Collapse on a Spring MVC controller: the route of the annotated method is collapsed, the others are not. */
class SpringCollapseTest {

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private BriskServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    /** A controller whose collapsed method blocks until the test opens the gate. */
    @RestController
    @RunOn(Schedulers.WORKER)
    public static class Catalog {
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger plainCalls = new AtomicInteger();
        final CountDownLatch gate = new CountDownLatch(1);

        @Collapse
        @GetMapping("/products/{id}")
        public String product(@PathVariable String id) throws InterruptedException {
            calls.incrementAndGet();
            gate.await(10, TimeUnit.SECONDS);
            return "product " + id;
        }

        @GetMapping("/stock/{id}")
        public String stock(@PathVariable String id) {
            return "stock " + id + " #" + plainCalls.incrementAndGet();
        }
    }

    private CompletableFuture<HttpResponse<String>> get(String path) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theAnnotatedMethodRunsOnceForConcurrentIdenticalRequests() throws Exception {
        Catalog catalog = new Catalog();
        RouteCollapsing collapsing = RouteCollapsing.create();
        server = Brisk.server().port(0).feature(collapsing).controllers(catalog).start();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(get("/products/7"));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (collapsing.stats().callers() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        catalog.gate.countDown();

        for (CompletableFuture<HttpResponse<String>> call : calls) {
            assertThat(call.get(10, TimeUnit.SECONDS).body()).isEqualTo("product 7");
        }
        assertThat(catalog.calls).hasValue(1);
        assertThat(get("/stock/7").get(10, TimeUnit.SECONDS).body()).isEqualTo("stock 7 #1");
        assertThat(get("/stock/7").get(10, TimeUnit.SECONDS).body()).isEqualTo("stock 7 #2");
        assertThat(collapsing.stats().callers()).isEqualTo(5);
    }
}
