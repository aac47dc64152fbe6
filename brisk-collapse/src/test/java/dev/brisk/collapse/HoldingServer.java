package dev.brisk.collapse;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A backend for the HTTP adapters' tests: a brisk-http server on a real socket that counts the requests it receives
 * and holds each one until the test answers it, so that concurrent callers pile up behind the first.
 */
public final class HoldingServer implements AutoCloseable {

    private final Queue<ServerRequest> held = new ConcurrentLinkedQueue<>();
    private final AtomicInteger received = new AtomicInteger();
    private final HttpServer server;

    private HoldingServer() {
        server = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1)).handler(request -> {
            received.incrementAndGet();
            held.add(request);
        }).start();
    }

    public static HoldingServer start() {
        return new HoldingServer();
    }

    /** How many requests arrived. */
    public AtomicInteger received() {
        return received;
    }

    /** The requests not answered yet. */
    public Queue<ServerRequest> held() {
        return held;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    /** Waits until {@code count} requests have arrived. */
    public void awaitReceived(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (received.get() < count && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertThat(received).hasValue(count);
    }

    /** Answers every held request (and those arriving meanwhile) with {@code answer}, until {@code expected}. */
    public void answer(int expected, Consumer<ServerRequest> answer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int answered = 0;
        while (answered < expected && System.nanoTime() < deadline) {
            ServerRequest request = held.poll();
            if (request == null) {
                Thread.sleep(2);
                continue;
            }
            answer.accept(request);
            answered++;
        }
        assertThat(answered).as("requests answered").isEqualTo(expected);
    }

    /** Answers {@code shared body} with headers {@code x-custom: a} and two {@code x-multi} lines, 1 and 2. */
    public static void sharedBody(ServerRequest request) {
        var response = request.response().header("x-custom", "a").header("content-type", "text/plain");
        response.headers().add("x-multi", "1").add("x-multi", "2");
        response.send("shared body");
    }

    /** Answers the request's {@code Authorization} header and query: {@code auth=<value or none> query=<query>}. */
    public static void echoAuthorization(ServerRequest request) {
        request.response().send("auth=" + request.headers().get("authorization", "none") + " query="
                + request.rawQuery());
    }

    /** Waits until a collapser whose statistics are {@code stats} has seen {@code callers} callers. */
    public static void awaitCallers(Supplier<CollapseStats> stats, long callers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (stats.get().callers() < callers && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertThat(stats.get().callers()).isEqualTo(callers);
    }

    /** Closes the server and its connections at once: requests held fail on the clients' side. */
    @Override
    public void close() {
        server.closeNow();
    }
}
