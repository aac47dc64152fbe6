package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import static org.assertj.core.api.Assertions.assertThat;

/** Connect and DNS failures, broken connections, and when a request is (and is not) sent again. */
class FailuresAndRetriesTest extends ClientTestSupport {

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void refusedConnectionIsATypedConnectFailure() throws Exception {
        int port = closedPort();
        Throwable failure = failure(client().get("http://127.0.0.1:" + port + "/").execute());

        assertThat(failure).isInstanceOf(ClientConnectException.class)
                .hasMessageContaining("127.0.0.1:" + port);
        assertThat(((ClientConnectException) failure).requestSent()).isFalse();
    }

    @Test
    void connectThatHangsFailsWithConnectTimeout() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> fillers = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) { // never accepted: the backlog fills and further SYNs are dropped
                    Socket filler = new Socket();
                    fillers.add(filler);
                    try {
                        filler.connect(listener.getLocalSocketAddress(), 200);
                    } catch (SocketTimeoutException full) {
                        break;
                    }
                }
                BriskClient client = client(clientBuilder().options(o -> o.connectTimeout(Duration.ofMillis(300))
                        .retryPolicy(RetryPolicy.NONE)));
                Throwable failure = failure(client.get("http://127.0.0.1:" + listener.getLocalPort() + "/")
                        .execute());
                assertThat(failure).isInstanceOf(ClientConnectTimeoutException.class).hasMessageContaining("300 ms");
            } finally {
                for (Socket filler : fillers) {
                    filler.close();
                }
            }
        }
    }

    @Test
    void unknownHostIsATypedResolutionFailure() {
        Throwable failure = failure(client().get("http://nonexistent.invalid/x").execute());

        assertThat(failure).isInstanceOf(UnresolvedHostException.class)
                .hasMessageContaining("nonexistent.invalid");
    }

    @Test
    void connectFailuresAreRetriedUpToTheLimitWithBackoff() throws Exception {
        int port = closedPort();
        AtomicInteger attempts = new AtomicInteger();
        RetryPolicy policy = RetryPolicy.builder().maxRetries(3)
                .backoff(Duration.ofMillis(10), Duration.ofMillis(40))
                .condition((request, failure) -> {
                    attempts.incrementAndGet();
                    return RetryPolicy.isSafeToRetry(request, failure);
                }).build();
        BriskClient client = client(clientBuilder().options(o -> o.retryPolicy(policy)));

        assertThat(failure(client.get("http://127.0.0.1:" + port + "/").execute()))
                .isInstanceOf(ClientConnectException.class);
        assertThat(attempts.get()).isEqualTo(3);
    }

    @Test
    void closingTheClientEndsCallsWaitingOutABackoff() throws Exception {
        int port = closedPort();
        CountDownLatch retrying = new CountDownLatch(1);
        RetryPolicy policy = RetryPolicy.builder().maxRetries(1)
                .backoff(Duration.ofSeconds(60), Duration.ofSeconds(60))
                .condition((request, failure) -> {
                    retrying.countDown();
                    return true;
                }).build();
        BriskClient client = BriskClient.builder().options(o -> o.retryPolicy(policy)).build();
        CompletableFuture<HttpResponse> call = client.get("http://127.0.0.1:" + port + "/")
                .execute().toCompletableFuture();
        assertThat(retrying.await(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(200); // the loop schedules the backoff right after asking the condition

        client.close();

        assertThat(call).failsWithin(Duration.ofSeconds(10))
                .withThrowableThat().havingRootCause().isInstanceOf(HttpClientException.class)
                .withMessageContaining("closed");
    }

    @Test
    void serverClosingMidResponseFailsTheCall() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly part".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return false;
        }));
        Throwable failure = failure(client().get(raw.url("/")).execute());

        assertThat(failure).isInstanceOf(ConnectionClosedException.class).hasMessageContaining("middle");
        assertThat(((ConnectionClosedException) failure).responseStarted()).isTrue();
        assertThat(raw.requests()).hasSize(1); // a started response is never retried
    }

    @Test
    void postIsNotRetriedWhenTheServerResetsAfterReadingIt() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            if (request.method().equals("GET")) {
                RawServer.respond(out, 200, "warm");
                return true;
            }
            RawServer.reset(socket); // read the POST, then reset: it may well have been processed
            return false;
        }));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)));
        assertThat(client.get(raw.url("/warm")).send().bodyAsString()).isEqualTo("warm");

        Throwable failure = failure(client.post(raw.url("/order")).body("{\"item\":1}").execute());

        assertThat(failure).isInstanceOf(ConnectionClosedException.class);
        ConnectionClosedException closed = (ConnectionClosedException) failure;
        assertThat(closed.reusedConnection()).isTrue();
        assertThat(closed.responseStarted()).isFalse();
        assertThat(raw.requests().stream().filter(r -> r.method().equals("POST")).count()).isEqualTo(1);
    }

    @Test
    void postOnANewConnectionIsNotRetriedEither() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            RawServer.reset(socket);
            return false;
        }));
        assertThat(failure(client().post(raw.url("/order")).body("x").execute()))
                .isInstanceOf(ConnectionClosedException.class);
        assertThat(raw.requests()).hasSize(1);
    }

    @Test
    void idempotentRequestOnAStaleKeepAliveConnectionIsRetried() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            if (request.connection() == 1 && request.index() == 2) {
                return false; // the server had given up on the connection: closes without answering
            }
            RawServer.respond(out, 200, "answer " + request.target());
            return true;
        }));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)));

        assertThat(client.get(raw.url("/1")).send().bodyAsString()).isEqualTo("answer /1");
        assertThat(client.get(raw.url("/2")).send().bodyAsString()).isEqualTo("answer /2");
        assertThat(raw.requests()).hasSize(3);
        assertThat(raw.connections()).isEqualTo(2);
    }

    @Test
    void retryAfterAStaleConnectionUsesANewOne() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            if (request.connection() <= 2 && request.index() == 2) {
                return false; // both early connections went stale
            }
            RawServer.respond(out, 200, "answer " + request.target());
            return true;
        }));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(2)));
        var first = client.get(raw.url("/a")).execute().toCompletableFuture();
        var second = client.get(raw.url("/b")).execute().toCompletableFuture();
        assertThat(first.join().status()).isEqualTo(200);
        assertThat(second.join().status()).isEqualTo(200);
        assertThat(raw.connections()).isEqualTo(2);

        assertThat(client.get(raw.url("/c")).send().bodyAsString()).isEqualTo("answer /c");
        assertThat(raw.connections()).isEqualTo(3);
    }

    @Test
    void staleConnectionRetryCanBeDisabled() throws Exception {
        RawServer raw = closeLater(new RawServer((request, socket, out) -> {
            if (request.index() == 2) {
                return false;
            }
            RawServer.respond(out, 200, "ok");
            return true;
        }));
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).retryPolicy(RetryPolicy.NONE)));

        client.get(raw.url("/1")).send();
        assertThat(failure(client.get(raw.url("/2")).execute())).isInstanceOf(ConnectionClosedException.class);
    }

    @Test
    void errorStatusesAreResponsesNotFailures() {
        AtomicInteger calls = new AtomicInteger();
        HttpServer server = server(request -> {
            calls.incrementAndGet();
            request.response().status(503).send("busy");
        });
        HttpResponse response = client().get(url(server, "/")).send();

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.isSuccess()).isFalse();
        assertThat(calls.get()).isEqualTo(1);
    }

    @Test
    void responseLargerThanTheLimitFails() {
        HttpServer server = server(request -> request.response().send(new byte[4096]));
        BriskClient client = client(clientBuilder().options(o -> o.maxResponseSize(1024)));

        assertThat(failure(client.get(url(server, "/")).execute())).isInstanceOf(ResponseTooLargeException.class)
                .hasMessageContaining("1024");
    }

    @Test
    void closedClientRejectsNewCalls() {
        BriskClient client = clientBuilder().build();
        client.close();
        client.close();

        assertThat(failure(client.get("http://127.0.0.1:1/").execute())).isInstanceOf(HttpClientException.class)
                .hasMessageContaining("closed");
    }
}
