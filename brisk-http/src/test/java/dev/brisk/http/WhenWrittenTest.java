package dev.brisk.http;

import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2RawConnection;
import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link ServerResponse#whenWritten}: told once, when the response is written or its connection is gone. */
class WhenWrittenTest {

    /** What the listeners of one response were told: "written" or the failure's class. */
    private final List<String> told = new CopyOnWriteArrayList<>();
    private final CountDownLatch allTold = new CountDownLatch(3);

    private void listen(ServerResponse response) {
        response.whenWritten((v, failure) -> record("first", failure));
        response.whenWritten((v, failure) -> record("second", failure)); // beyond the one kept without a future
        response.completion().whenComplete((v, failure) -> record("completion", failure));
    }

    private void record(String who, Throwable failure) {
        told.add(who + ": " + (failure == null ? "written" : failure.getClass().getSimpleName()));
        allTold.countDown();
    }

    private static HttpServer start(HttpHandler handler) {
        return HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.ioThreads(1)).handler(handler).start();
    }

    @Test
    void everyListenerIsToldOnceWhenTheResponseIsWritten() throws Exception {
        try (HttpServer server = start(request -> {
            listen(request.response());
            request.response().send("hello");
        }); RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().bodyText()).isEqualTo("hello");
            assertThat(allTold.await(5, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(100); // nothing more arrives
            assertThat(told).containsExactlyInAnyOrder("first: written", "second: written", "completion: written");
        }
    }

    @Test
    void listenersAreToldTheFailureWhenTheConnectionGoesBeforeTheResponseEnds() throws Exception {
        CompletableFuture<ServerResponse> pending = new CompletableFuture<>();
        try (HttpServer server = start(request -> {
            listen(request.response());
            pending.complete(request.response()); // never answered
        })) {
            try (RawConnection connection = new RawConnection(server.port())) {
                connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
                pending.get(5, TimeUnit.SECONDS);
            }
            assertThat(allTold.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(told).hasSize(3).noneMatch(line -> line.endsWith("written"));
        }
    }

    @Test
    void anAbortedResponseTellsItsListenersTheCause() throws Exception {
        try (HttpServer server = start(request -> {
            ServerResponse response = request.response();
            listen(response);
            response.write("partial".getBytes(StandardCharsets.US_ASCII))
                    .thenRun(() -> response.abort(new IllegalStateException("producer failed")));
        }); RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(allTold.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(told).containsExactlyInAnyOrder("first: IllegalStateException",
                    "second: IllegalStateException", "completion: IllegalStateException");
        }
    }

    @Test
    void http2ListenersAreToldOnceTheStreamIsWritten() throws Exception {
        try (HttpServer server = start(request -> {
            listen(request.response());
            request.response().send("hello");
        }); H2RawConnection connection = new H2RawConnection(server.port())) {
            connection.preface().settingsAck().headers(1, "GET", "/", true).flush();
            connection.await(frame -> frame.type() == H2Frames.DATA && frame.has(H2Frames.FLAG_END_STREAM),
                    Duration.ofSeconds(10));
            assertThat(allTold.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(told).containsExactlyInAnyOrder("first: written", "second: written", "completion: written");
        }
    }
}
