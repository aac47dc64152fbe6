package dev.brisk.rest;

import dev.brisk.rest.protect.ConcurrencyLimit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Request timeouts: 503 with a problem, the handler cancelled, a started response cut off. */
class RequestTimeoutTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aBlockingHandlerPastItsTimeoutIsAnswered503AndInterrupted() throws Exception {
        CountDownLatch interrupted = new CountDownLatch(1);
        AtomicBoolean sawCancelled = new AtomicBoolean();
        server = server().route(Route.get("/slow").scheduler(Schedulers.WORKER).timeout(Duration.ofMillis(200))
                .handler(ctx -> {
                    try {
                        Thread.sleep(20_000);
                        ctx.send("too late");
                    } catch (InterruptedException e) {
                        sawCancelled.set(ctx.isCancelled());
                        interrupted.countDown();
                        throw e;
                    }
                })).start();
        HttpResponse<String> response = get(server, "/slow");
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(response.body()).contains("\"status\":503").contains("not answered within 200 ms");
        assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sawCancelled).isTrue();
    }

    @Test
    void theFutureAHandlerReturnedIsCancelled() throws Exception {
        CompletableFuture<String> result = new CompletableFuture<>();
        server = server().route(Route.get("/async").timeout(Duration.ofMillis(200)).handler(ctx -> ctx.send(result)))
                .start();
        assertThat(get(server, "/async").statusCode()).isEqualTo(503);
        assertThat(result).isCancelled();
    }

    @Test
    void callbacksRegisteredOnTheContextRun() throws Exception {
        CountDownLatch cancelled = new CountDownLatch(1);
        server = server().route(Route.get("/callback").timeout(Duration.ofMillis(200)).handler(ctx -> {
            ctx.async();
            ctx.onCancel(cancelled::countDown);
        })).start();
        assertThat(get(server, "/callback").statusCode()).isEqualTo(503);
        assertThat(cancelled.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aResponseAlreadyUnderWayIsCutOff() throws Exception {
        server = server().route(Route.get("/partial").timeout(Duration.ofMillis(200)).handler(ctx -> {
            ctx.async();
            ctx.response().write("the beginning".getBytes());
        })).start();
        assertThatThrownBy(() -> get(server, "/partial")).isInstanceOf(IOException.class);
        assertThat(get(server, "/missing").statusCode()).as("the server goes on").isEqualTo(404);
    }

    @Test
    void theServersDefaultAppliesToRoutesWithoutTheirOwn() throws Exception {
        server = server().protection(p -> p.requestTimeout(Duration.ofMillis(200)))
                .get("/never", RequestContext::async)
                .route(Route.get("/patient").timeout(Duration.ofSeconds(30)).handler(ctx -> {
                    ctx.async();
                    CompletableFuture.delayedExecutor(400, TimeUnit.MILLISECONDS).execute(() -> ctx.send("patient"));
                }))
                .get("/quick", ctx -> ctx.send("quick"))
                .start();
        assertThat(get(server, "/never").statusCode()).isEqualTo(503);
        assertThat(get(server, "/patient").body()).isEqualTo("patient");
        assertThat(get(server, "/quick").body()).isEqualTo("quick");
    }

    @Test
    void aTimedOutRequestGivesBackItsPermit() throws Exception {
        server = server().route(Route.get("/never").timeout(Duration.ofMillis(100))
                .concurrencyLimit(ConcurrencyLimit.fixed(1)).handler(RequestContext::async)).start();
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> response = get(server, "/never");
            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(response.body()).contains("not answered within");
        }
    }

    @Test
    void routesWithoutATimeoutAreNotCancellable() throws Exception {
        server = server().get("/plain", ctx -> ctx.send(String.valueOf(ctx.isCancelled()))).start();
        assertThat(get(server, "/plain").body()).isEqualTo("false");
    }
}
