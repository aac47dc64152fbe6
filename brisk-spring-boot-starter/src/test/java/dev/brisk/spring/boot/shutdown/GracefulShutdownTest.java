package dev.brisk.spring.boot.shutdown;

import dev.brisk.rest.RunOn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import java.util.function.Function;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code server.shutdown}: graceful drains the request in flight before the context closes; immediate does not. */
class GracefulShutdownTest {

    static CountDownLatch entered;
    static CountDownLatch release;

    @AfterEach
    void releaseRequests() {
        release.countDown();
    }

    @RestController
    static class SlowController {
        @RunOn("worker")
        @GetMapping("/slow")
        public String slow() throws InterruptedException {
            entered.countDown();
            release.await(30, TimeUnit.SECONDS);
            return "done";
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(SlowController.class)
    static class SlowApplication {
    }

    private static CompletableFuture<HttpResponse<String>> slowRequest(int port) {
        // HTTP/1.1: the JDK 17 client fails every stream on GOAWAY, even those the server still answers
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/slow")).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static ConfigurableApplicationContext start(String shutdown) throws InterruptedException {
        entered = new CountDownLatch(1);
        release = new CountDownLatch(1);
        return new SpringApplicationBuilder(SlowApplication.class).properties("server.port=0",
                "server.shutdown=" + shutdown, "spring.lifecycle.timeout-per-shutdown-phase=30s",
                "logging.level.root=warn").run();
    }

    private static boolean refusesConnections(int port) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                Thread.sleep(20);
            } catch (ConnectException refused) {
                return true;
            } catch (IOException other) {
                Thread.sleep(20);
            }
        }
        return false;
    }

    @Test
    void gracefulShutdownFinishesTheRequestInFlight() throws Exception {
        ConfigurableApplicationContext context = start("graceful");
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        CompletableFuture<HttpResponse<String>> inFlight = slowRequest(port);
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        Thread closing = new Thread(context::close, "closing");
        closing.start();
        // the server stops accepting while it waits for the request in flight
        assertThat(refusesConnections(port)).isTrue();
        assertThat(closing.isAlive()).isTrue();
        release.countDown();
        HttpResponse<String> response = inFlight.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("done");
        closing.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(closing.isAlive()).isFalse();
        assertThat(context.isActive()).isFalse();
    }

    @Test
    void duringTheShutdownDelayReadinessIsDownAndTrafficStillServed() throws Exception {
        entered = new CountDownLatch(1);
        release = new CountDownLatch(1);
        ConfigurableApplicationContext context = new SpringApplicationBuilder(SlowApplication.class).properties(
                "server.port=0", "server.shutdown=graceful", "spring.lifecycle.timeout-per-shutdown-phase=30s",
                "brisk.shutdown-delay=2s", "management.endpoint.health.probes.enabled=true",
                "logging.level.root=warn").run();
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Function<String, HttpResponse<String>> get = path -> {
            try {
                return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                        HttpResponse.BodyHandlers.ofString());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        assertThat(get.apply("/actuator/health/readiness").statusCode()).isEqualTo(200);
        Thread closing = new Thread(context::close, "closing");
        closing.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int readiness = 200;
        while (readiness == 200 && System.nanoTime() < deadline) {
            readiness = get.apply("/actuator/health/readiness").statusCode();
        }
        // a load balancer polling readiness sees it out of service while requests are still served
        assertThat(readiness).isEqualTo(503);
        release.countDown();
        assertThat(get.apply("/slow").body()).isEqualTo("done");
        assertThat(refusesConnections(port)).isTrue();
        closing.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(context.isActive()).isFalse();
    }

    @Test
    void immediateShutdownDropsTheRequestInFlight() throws Exception {
        ConfigurableApplicationContext context = start("immediate");
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        CompletableFuture<HttpResponse<String>> inFlight = slowRequest(port);
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        context.close();
        assertThatThrownBy(() -> inFlight.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(IOException.class);
    }
}
