package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.SocketAddress;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Read and call timeouts, per client and per request, and cancellation closing the connection. */
class TimeoutsTest extends ClientTestSupport {

    @Test
    void slowResponseFailsWithReadTimeout() {
        HttpServer server = server(request ->
                scheduler.schedule(() -> request.response().send("late"), 3, TimeUnit.SECONDS));
        BriskClient client = client(clientBuilder().options(o -> o.readTimeout(Duration.ofMillis(200))));

        long start = System.nanoTime();
        Throwable failure = failure(client.get(url(server, "/slow")).execute());
        assertThat(failure).isInstanceOf(ClientReadTimeoutException.class)
                .hasMessageContaining("127.0.0.1:" + server.port()).hasMessageContaining("200 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void perRequestReadTimeoutOverridesTheClient() {
        HttpServer server = server(request ->
                scheduler.schedule(() -> request.response().send("late"), 300, TimeUnit.MILLISECONDS));
        BriskClient client = client(clientBuilder().options(o -> o.readTimeout(Duration.ofMillis(100))));

        assertThat(client.get(url(server, "/")).readTimeout(Duration.ofSeconds(10)).send().bodyAsString())
                .isEqualTo("late");
        assertThat(failure(client.get(url(server, "/")).execute())).isInstanceOf(ClientReadTimeoutException.class);
    }

    @Test
    void readTimeoutCountsSilenceNotTheWholeResponse() {
        HttpServer server = server(request -> {
            request.response().header("Content-Type", "text/plain");
            for (int i = 0; i < 6; i++) {
                int piece = i;
                scheduler.schedule(() -> {
                    request.response().write(("piece" + piece + ";").getBytes());
                    if (piece == 5) {
                        request.response().end();
                    }
                }, 100L * (i + 1), TimeUnit.MILLISECONDS);
            }
        });
        BriskClient client = client(clientBuilder().options(o -> o.readTimeout(Duration.ofMillis(400))));

        assertThat(client.get(url(server, "/")).send().bodyAsString())
                .isEqualTo("piece0;piece1;piece2;piece3;piece4;piece5;");
    }

    @Test
    void wholeCallFailsWithCallTimeout() {
        HttpServer server = server(request ->
                scheduler.schedule(() -> request.response().send("late"), 3, TimeUnit.SECONDS));
        BriskClient client = client(clientBuilder().options(o -> o.callTimeout(Duration.ofMillis(200))));

        long start = System.nanoTime();
        assertThat(failure(client.get(url(server, "/")).execute())).isInstanceOf(CallTimeoutException.class)
                .hasMessageContaining("call timeout");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(failure(client.get(url(server, "/")).timeout(Duration.ofMillis(100)).execute()))
                .isInstanceOf(CallTimeoutException.class);
    }

    @Test
    void cancellingTheFutureClosesTheConnection() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        Set<SocketAddress> remotes = ConcurrentHashMap.newKeySet();
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            if (request.path().equals("/hang")) {
                received.countDown(); // never answered
            } else {
                request.response().send("fine");
            }
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)));
        CompletableFuture<HttpResponse> hanging = client.get(url(server, "/hang")).execute().toCompletableFuture();
        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();

        assertThat(hanging.cancel(true)).isTrue();
        assertThatThrownBy(hanging::join).isInstanceOf(CancellationException.class);
        await(() -> server.metrics().openConnections() == 0, "the cancelled call's connection to close");
        assertThat(client.get(url(server, "/next")).send().bodyAsString()).isEqualTo("fine");
        assertThat(remotes).hasSize(2);
    }

    @Test
    void cancellingAQueuedCallFreesItsPlace() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        HttpServer server = server(request -> {
            received.countDown();
            scheduler.schedule(() -> request.response().send("ok"), 300, TimeUnit.MILLISECONDS);
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)
                .maxPendingAcquires(1)));
        CompletableFuture<HttpResponse> first = client.get(url(server, "/")).execute().toCompletableFuture();
        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<HttpResponse> queued = client.get(url(server, "/")).execute().toCompletableFuture();
        queued.cancel(true);

        CompletableFuture<HttpResponse> next = client.get(url(server, "/")).execute().toCompletableFuture();
        assertThat(first.join().status()).isEqualTo(200);
        assertThat(next.join().status()).isEqualTo(200);
        assertThat(queued).isCancelled();
    }
}
