package dev.brisk.client;

import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

import java.net.ServerSocket;
import static org.assertj.core.api.Assertions.assertThat;

/** {@link BriskClient#poolStats()} while the server holds requests open, after they end, and after the pool expires. */
class PoolStatsTest extends ClientTestSupport {

    /** Requests the server has received and not answered yet. */
    private final BlockingQueue<ServerRequest> held = new LinkedBlockingQueue<>();

    private HttpServer holdingServer(HttpServer.Builder builder) {
        return server(builder, held::add);
    }

    private static String origin(HttpServer server) {
        return "http://127.0.0.1:" + server.port();
    }

    private List<CompletableFuture<HttpResponse>> start(BriskClient client, HttpServer server, int calls) {
        List<CompletableFuture<HttpResponse>> futures = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            futures.add(client.get(url(server, "/" + i)).execute().toCompletableFuture());
        }
        return futures;
    }

    /** Answers held requests until every call has completed. */
    private void answerAll(List<CompletableFuture<HttpResponse>> futures) throws InterruptedException {
        await(() -> {
            ServerRequest request;
            while ((request = held.poll()) != null) {
                request.response().send("ok");
            }
            return futures.stream().allMatch(CompletableFuture::isDone);
        }, "every call to complete");
        for (CompletableFuture<HttpResponse> future : futures) {
            assertThat(future.join().status()).isEqualTo(200);
        }
    }

    private PoolStats stats(BriskClient client, HttpServer server) {
        return client.poolStats().stream().filter(s -> s.host().equals(origin(server))).findFirst().orElse(null);
    }

    private void awaitStats(BriskClient client, HttpServer server, PoolStats expected) throws InterruptedException {
        try {
            await(() -> expected.equals(stats(client, server)), "pool stats " + expected);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ", last seen " + stats(client, server), e);
        }
    }

    @Test
    void http1PoolCountsLeasedQueuedAndIdleConnections() throws Exception {
        HttpServer server = holdingServer(HttpServer.builder());
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(2)));
        assertThat(client.poolStats()).isEmpty();

        List<CompletableFuture<HttpResponse>> futures = start(client, server, 3);
        await(() -> held.size() == 2, "two requests at the server");
        awaitStats(client, server, new PoolStats(origin(server), 2, 0, 1, 2));

        answerAll(futures);
        awaitStats(client, server, new PoolStats(origin(server), 0, 2, 0, 2));
    }

    @Test
    void http2PoolCountsStreamsAndWaitsWhenTheStreamLimitIsReached() throws Exception {
        HttpServer server = holdingServer(HttpServer.builder()
                .options(o -> o.http2(Http2Options.builder().maxConcurrentStreams(2).build())));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)
                .protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE)));

        List<CompletableFuture<HttpResponse>> futures = start(client, server, 3);
        await(() -> held.size() == 2, "two streams at the server");
        awaitStats(client, server, new PoolStats(origin(server), 2, 0, 1, 1));

        answerAll(futures);
        awaitStats(client, server, new PoolStats(origin(server), 0, 1, 0, 1));
    }

    @Test
    void statsAreSummedOverEventLoops() throws Exception {
        HttpServer server = holdingServer(HttpServer.builder());
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(2).maxConnectionsPerHost(4)));

        List<CompletableFuture<HttpResponse>> futures = start(client, server, 4);
        await(() -> held.size() == 4, "four requests at the server");
        awaitStats(client, server, new PoolStats(origin(server), 4, 0, 0, 4));

        answerAll(futures);
        awaitStats(client, server, new PoolStats(origin(server), 0, 4, 0, 4));
    }

    @Test
    void failedConnectionsLeaveNothingBehind() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)));

        assertThat(failure(client.get("http://127.0.0.1:" + port + "/").execute()))
                .isInstanceOf(ClientConnectException.class);

        PoolStats expected = new PoolStats("http://127.0.0.1:" + port, 0, 0, 0, 0);
        await(() -> client.poolStats().contains(expected), "an empty pool, got " + client.poolStats());
    }

    @Test
    void expiredPoolsDisappear() throws Exception {
        HttpServer server = server(request -> request.response().send("ok"));
        BriskClient client = client(clientBuilder().options(o -> o.poolExpiry(Duration.ofMillis(100))));

        assertThat(client.get(url(server, "/")).send().status()).isEqualTo(200);
        assertThat(client.poolStats()).extracting(PoolStats::host).containsExactly(origin(server));

        await(() -> client.poolStats().isEmpty(), "the pool to expire");
    }
}
