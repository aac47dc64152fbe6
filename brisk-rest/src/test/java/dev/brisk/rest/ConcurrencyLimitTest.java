package dev.brisk.rest;

import dev.brisk.rest.protect.ConcurrencyLimit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import java.net.SocketTimeoutException;
import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/** Concurrency limits, server-wide and per route, through real sockets. */
class ConcurrencyLimitTest {

    private BriskServer server;
    private final ExecutorService clients = Executors.newFixedThreadPool(8);

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        clients.shutdownNow();
    }

    /** A handler on the worker pool that waits for {@code release}, counting down {@code entered} first. */
    private static Route held(String path, CountDownLatch entered, CountDownLatch release) {
        return Route.get(path).scheduler(Schedulers.WORKER).handler(ctx -> {
            entered.countDown();
            release.await(10, TimeUnit.SECONDS);
            ctx.send("done");
        });
    }

    private List<Future<HttpResponse<String>>> inParallel(int count, String path) {
        List<Future<HttpResponse<String>>> responses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            responses.add(clients.submit(() -> get(server, path)));
        }
        return responses;
    }

    @Test
    void requestsBeyondTheServersLimitGet503WithRetryAfterAtOnce() throws Exception {
        CountDownLatch entered = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        server = server().protection(p -> p.concurrencyLimit(ConcurrencyLimit.fixed(2)))
                .route(held("/slow", entered, release))
                .get("/fast", ctx -> ctx.send("fast")).start();
        List<Future<HttpResponse<String>>> held = inParallel(2, "/slow");
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        HttpResponse<String> refused = get(server, "/fast");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.headers().firstValue("retry-after")).hasValue("1");
        assertThat(refused.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(refused.body()).contains("\"status\":503").contains("too many requests in progress");

        release.countDown();
        for (Future<HttpResponse<String>> response : held) {
            assertThat(response.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        }
        assertThat(statusOnceAdmitted("/fast")).isEqualTo(200);
    }

    @Test
    void exemptRequestsAreServedWhileTheLimitIsReachedAndTakeNoPermit() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        server = server().protection(p -> p.concurrencyLimit(ConcurrencyLimit.fixed(1))
                .concurrencyLimitExempt(request -> request.path().startsWith("/health")))
                .route(held("/slow", entered, release))
                .get("/health/live", ctx -> ctx.send("UP"))
                .get("/fast", ctx -> ctx.send("fast")).start();
        Future<HttpResponse<String>> held = clients.submit(() -> get(server, "/slow"));
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(get(server, "/fast").statusCode()).isEqualTo(503);
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> probe = get(server, "/health/live");
            assertThat(probe.statusCode()).isEqualTo(200);
            assertThat(probe.body()).isEqualTo("UP");
        }
        release.countDown();
        assertThat(held.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        // the probes took no permit: the one permit is free again for an ordinary request
        assertThat(statusOnceAdmitted("/fast")).isEqualTo(200);
    }

    @Test
    void aRoutesLimitCountsOnlyItsRequestsAndRetryAfterIsConfigurable() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        server = server().protection(p -> p.retryAfter(Duration.ofSeconds(7)))
                .route(Route.get("/slow").scheduler(Schedulers.WORKER).concurrencyLimit(ConcurrencyLimit.fixed(1))
                        .handler(ctx -> {
                            entered.countDown();
                            release.await(10, TimeUnit.SECONDS);
                            ctx.send("done");
                        }))
                .get("/other", ctx -> ctx.send("other")).start();
        Future<HttpResponse<String>> first = clients.submit(() -> get(server, "/slow"));
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        HttpResponse<String> refused = get(server, "/slow");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.headers().firstValue("retry-after")).hasValue("7");
        assertThat(get(server, "/other").statusCode()).isEqualTo(200);
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        assertThat(statusOnceAdmitted("/slow")).isEqualTo(200);
    }

    @Test
    void anAsyncResponseHoldsItsPermitUntilItIsComplete() throws Exception {
        CompletableFuture<String> pending = new CompletableFuture<>();
        CountDownLatch entered = new CountDownLatch(1);
        server = server().route(Route.get("/async").concurrencyLimit(ConcurrencyLimit.fixed(1))
                .handler(ctx -> {
                    entered.countDown();
                    ctx.send(pending);
                })).start();
        Future<HttpResponse<String>> first = clients.submit(() -> get(server, "/async"));
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        // the handler has returned; its response waits for the future
        HttpResponse<String> refused = get(server, "/async");
        assertThat(refused.statusCode()).isEqualTo(503);
        pending.complete("later");
        assertThat(first.get(10, TimeUnit.SECONDS).body()).isEqualTo("later");
        assertThat(get(server, "/async").body()).isEqualTo("later");
    }

    @Test
    void failingHandlersNeverLeakAPermit() throws Exception {
        server = server()
                .route(Route.get("/throws").concurrencyLimit(ConcurrencyLimit.fixed(1)).handler(ctx -> {
                    throw new IllegalStateException("boom");
                }))
                .route(Route.get("/worker-throws").scheduler(Schedulers.WORKER).concurrencyLimit(ConcurrencyLimit.fixed(1))
                        .handler(ctx -> {
                            throw new HttpStatusException(418, "teapot");
                        }))
                .start();
        for (int i = 0; i < 5; i++) {
            assertThat(get(server, "/throws").statusCode()).isEqualTo(500);
            assertThat(get(server, "/worker-throws").statusCode()).isEqualTo(418);
        }
    }

    @Test
    void aClientThatGoesAwayFreesItsPermit() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        server = server().route(Route.get("/never").concurrencyLimit(ConcurrencyLimit.fixed(1)).handler(ctx -> {
            ctx.async(); // never answered: only the client leaving ends it
            entered.countDown();
        })).start();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write("GET /never HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(get(server, "/never").statusCode()).isEqualTo(503);
        }
        // the permit is given back when the server notices the closed connection
        boolean freed = false;
        for (int i = 0; i < 500 && !freed; i++) {
            try (Socket socket = new Socket("127.0.0.1", server.port())) {
                socket.setSoTimeout(200);
                socket.getOutputStream().write("GET /never HTTP/1.1\r\nHost: x\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                byte[] head = new byte[12];
                int read = 0;
                try {
                    read = socket.getInputStream().readNBytes(head, 0, 12);
                } catch (SocketTimeoutException admittedAndWaiting) {
                    freed = true; // admitted: the handler holds it without answering
                }
                if (!freed && read == 12 && !new String(head, StandardCharsets.US_ASCII).endsWith("503")) {
                    freed = true;
                }
            }
        }
        assertThat(freed).isTrue();
    }

    @Test
    void anAdaptiveLimitDropsWhenLatencyRises() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        server = server().protection(p -> p.concurrencyLimit(ConcurrencyLimit.adaptive(1, 10, 10)))
                .get("/fast", ctx -> ctx.send("fast"))
                .route(Route.get("/slow").scheduler(Schedulers.WORKER).handler(ctx -> {
                    Thread.sleep(150);
                    ctx.send("slow");
                }))
                .route(Route.get("/held").scheduler(Schedulers.WORKER).handler(ctx -> {
                    release.await(10, TimeUnit.SECONDS);
                    ctx.send("held");
                }))
                .start();
        for (int i = 0; i < 20; i++) {
            assertThat(get(server, "/fast").statusCode()).isEqualTo(200);
        }
        for (int i = 0; i < 20; i++) {
            assertThat(get(server, "/slow").statusCode()).isEqualTo(200);
        }
        // started at 10, the limit has come down: of 9 requests at once, some are refused
        List<Future<HttpResponse<String>>> held = inParallel(8, "/held");
        int refused = 0;
        try {
            for (int i = 0; i < 50 && refused == 0; i++) {
                if (get(server, "/fast").statusCode() == 503) {
                    refused++;
                } else {
                    Thread.sleep(20);
                }
            }
        } finally {
            release.countDown();
        }
        for (Future<HttpResponse<String>> response : held) {
            response.get(10, TimeUnit.SECONDS);
        }
        assertThat(refused).isPositive();
    }

    /**
     * The status of a request sent once the limit admits again: a permit returns when the server has seen the
     * response written, which may be a moment after the client has read it (the next request goes on another
     * connection here).
     */
    private int statusOnceAdmitted(String path) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int status = get(server, path).statusCode();
        while (status == 503 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            status = get(server, path).statusCode();
        }
        return status;
    }
}
