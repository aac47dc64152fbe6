package dev.brisk.rest.spring;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.protect.MaxConcurrency;
import dev.brisk.rest.protect.RequestTimeout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code @MaxConcurrency} and {@code @RequestTimeout} on Spring MVC controllers, over real sockets. */
class SpringProtectionTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @RestController
    @RequestTimeout("PT5S")
    public static class GuardedController {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);

        @MaxConcurrency(1)
        @GetMapping("/limited")
        public String limited() throws InterruptedException {
            entered.countDown();
            return release.await(10, TimeUnit.SECONDS) ? "released" : "never released";
        }

        @RequestTimeout("300ms")
        @GetMapping("/slow")
        public String slow() throws InterruptedException {
            try {
                Thread.sleep(20_000);
                return "too late";
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        }

        @GetMapping("/quick")
        public String quick() {
            return "quick";
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
        GuardedController controller = new GuardedController();
        server = Brisk.server().port(0).host("127.0.0.1").controllers(controller).start();
        CompletableFuture<HttpResponse<String>> first = CLIENT.sendAsync(request("/limited"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(controller.entered.await(10, TimeUnit.SECONDS)).isTrue();
        HttpResponse<String> refused = get("/limited");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.headers().firstValue("retry-after")).hasValue("1");
        assertThat(get("/quick").body()).isEqualTo("quick");
        controller.release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
        assertThat(statusOnceAdmitted("/limited")).isEqualTo(200);
    }

    @Test
    void aHandlerPastItsTimeoutIsAnswered503AndInterrupted() throws Exception {
        GuardedController controller = new GuardedController();
        server = Brisk.server().port(0).host("127.0.0.1").controllers(controller).start();
        HttpResponse<String> response = get("/slow");
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).contains("not answered within 300 ms");
        assertThat(controller.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(get("/quick").body()).isEqualTo("quick");
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
