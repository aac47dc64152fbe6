package dev.brisk.rest.jaxrs;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.protect.MaxConcurrency;
import dev.brisk.rest.protect.RequestTimeout;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code @MaxConcurrency} and {@code @RequestTimeout} on JAX-RS resources, over real sockets. */
class JaxRsProtectionTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Path("/")
    @RequestTimeout("PT5S")
    public static class GuardedResource {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);

        @MaxConcurrency(1)
        @GET
        @Path("limited")
        public String limited() throws InterruptedException {
            entered.countDown();
            return release.await(10, TimeUnit.SECONDS) ? "released" : "never released";
        }

        @RequestTimeout("300ms")
        @GET
        @Path("slow")
        public String slow() throws InterruptedException {
            try {
                Thread.sleep(20_000);
                return "too late";
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        }

        /** Returns a value when interrupted, as most resource methods written for a timeout do. */
        @RequestTimeout("300ms")
        @GET
        @Path("slow-value")
        public String slowValue() {
            try {
                Thread.sleep(20_000);
                return "finished";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        }

        @GET
        @Path("quick")
        public String quick() {
            return "quick";
        }
    }

    /** A response filter, as most applications have: it runs on whatever the method returned. */
    @jakarta.ws.rs.ext.Provider
    public static class ServedBy implements ContainerResponseFilter {
        @Override
        public void filter(ContainerRequestContext request,
                           ContainerResponseContext response) {
            response.getHeaders().putSingle("x-served-by", "test");
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
    void aHandlersConcurrencyLimitRefusesTheSecondRequest() throws Exception {
        GuardedResource resource = new GuardedResource();
        server = Brisk.server().port(0).host("127.0.0.1").controllers(resource).start();
        CompletableFuture<HttpResponse<String>> first = CLIENT.sendAsync(request("/limited"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(resource.entered.await(10, TimeUnit.SECONDS)).isTrue();
        HttpResponse<String> refused = get("/limited");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.headers().firstValue("retry-after")).hasValue("1");
        assertThat(get("/quick").body()).isEqualTo("quick");
        resource.release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
        assertThat(statusOnceAdmitted("/limited")).isEqualTo(200);
    }

    @Test
    void aHandlerPastItsTimeoutIsAnswered503AndInterrupted() throws Exception {
        GuardedResource resource = new GuardedResource();
        server = Brisk.server().port(0).host("127.0.0.1").controllers(resource).start();
        HttpResponse<String> response = get("/slow");
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).contains("not answered within 300 ms");
        assertThat(resource.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(get("/quick").body()).isEqualTo("quick");
    }

    @Test
    void whatAMethodReturnsAfterItsTimeoutNeverReachesTheClientOrTheMetrics() throws Exception {
        Queue<Integer> observed = new ConcurrentLinkedQueue<>();
        server = Brisk.server().port(0).host("127.0.0.1")
                .observability(o -> o.observer(completed -> observed.add(completed.status())))
                .controllers(new GuardedResource(), new ServedBy()).start();
        List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            responses.add(CLIENT.sendAsync(request("/slow-value"), HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> pending : responses) {
            HttpResponse<String> response = pending.get(10, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
            assertThat(response.headers().firstValue("x-served-by")).isEmpty();
            assertThat(response.body()).contains("not answered within 300 ms").doesNotContain("interrupted");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (observed.size() < 8 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(observed).hasSize(8).containsOnly(503);
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(request(path), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The status of a request sent once the limit admits again: the permit returns when the server has seen the
     * response written, which may be a moment after the client has read it.
     */
    private int statusOnceAdmitted(String path) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int status = get(path).statusCode();
        while (status == 503 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            status = get(path).statusCode();
        }
        return status;
    }
}
