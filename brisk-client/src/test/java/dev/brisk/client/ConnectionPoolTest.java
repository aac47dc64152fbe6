package dev.brisk.client;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.brisk.http.ServerRequest;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import static org.assertj.core.api.Assertions.assertThat;

/** Keep-alive reuse, per-event-loop child pools, limits, queueing and idle eviction, seen from the server. */
class ConnectionPoolTest extends ClientTestSupport {

    private final Set<SocketAddress> remotes = ConcurrentHashMap.newKeySet();

    @Test
    void sequentialRequestsReuseOneConnection() {
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            request.response().send("ok");
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)));
        for (int i = 0; i < 20; i++) {
            assertThat(client.get(url(server, "/" + i)).send().status()).isEqualTo(200);
        }
        assertThat(remotes).hasSize(1);
    }

    @Test
    void sequentialRequestsReuseOneConnectionWhateverTheNumberOfLoops() {
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            request.response().send("ok");
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(4)));
        for (int i = 0; i < 12; i++) {
            assertThat(client.get(url(server, "/" + i)).send().status()).isEqualTo(200);
        }

        assertThat(remotes).hasSize(1);
        assertThat(server.metrics().openConnections()).isEqualTo(1);
        assertThat(client.poolStats()).singleElement().satisfies(stats -> assertThat(stats.connections()).isEqualTo(1));
    }

    @Test
    void sequentialHttpsAndH2cRequestsReuseOneConnection() {
        SelfSignedCertificate certificate =
                SelfSignedCertificate.create("localhost");
        HttpServer tls = server(HttpServer.builder().tls(TlsOptions.of(certificate.privateKey(),
                certificate.certificate())), request -> request.response().send("ok"));
        HttpServer cleartext = server(request -> request.response().send("ok"));
        BriskClient https = client(clientBuilder().options(o -> o.ioThreads(4))
                .tls(TlsOptions.builder()
                .trustCertificates(certificate.certificate()).build()));
        BriskClient h2c = client(clientBuilder().options(o -> o.ioThreads(4)
                .protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE)));
        for (int i = 0; i < 6; i++) {
            assertThat(https.get("https://localhost:" + tls.port() + "/" + i).send().status()).isEqualTo(200);
            assertThat(h2c.get(url(cleartext, "/" + i)).send().status()).isEqualTo(200);
        }

        assertThat(tls.metrics().openConnections()).isEqualTo(1);
        assertThat(cleartext.metrics().openConnections()).isEqualTo(1);
    }

    @Test
    void threadsMakingOneRequestAtATimeOpenNoMoreConnectionsThanThereAreThreads() throws Exception {
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            request.response().send(request.query("i").orElse("?"));
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(4)));
        int threads = 3;
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(callers.submit(() -> {
                    for (int i = 0; i < 40; i++) {
                        assertThat(client.get(url(server, "/")).query("i", i).send().bodyAsString())
                                .isEqualTo(String.valueOf(i));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            callers.shutdownNow();
        }
        // each thread reuses the connection its last request left idle; a burst may open one more now and then
        assertThat(remotes.size()).isBetween(1, threads + 1);
    }

    @Test
    void manyConcurrentRequestsStayWithinTheHostLimit() {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            scheduler.schedule(() -> {
                inFlight.decrementAndGet();
                request.response().send(request.query("i").orElse("?"));
            }, 2, TimeUnit.MILLISECONDS);
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(4).maxConnectionsPerHost(6)));
        List<CompletableFuture<HttpResponse>> futures = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            futures.add(client.get(url(server, "/")).query("i", i).execute().toCompletableFuture());
        }
        for (int i = 0; i < futures.size(); i++) {
            assertThat(futures.get(i).join().bodyAsString()).isEqualTo(String.valueOf(i));
        }
        assertThat(remotes.size()).isBetween(4, 6);
        assertThat(maxInFlight.get()).isLessThanOrEqualTo(6);
    }

    @Test
    void requestsIssuedOnAnEventLoopStayOnIt() {
        // the first answer waits until the continuation is registered, so that it runs on the event loop
        CompletableFuture<Void> registered = new CompletableFuture<>();
        HttpServer server = server(request -> {
            if (request.path().equals("/")) {
                registered.thenRun(() -> request.response().send("ok"));
            } else {
                request.response().send("ok");
            }
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(3)));
        CompletableFuture<String> composed = client.get(url(server, "/")).execute()
                .thenCompose(response -> {
                    String loop = Thread.currentThread().getName();
                    return client.get(url(server, "/again")).execute()
                            .thenApply(again -> loop + "=" + Thread.currentThread().getName());
                }).toCompletableFuture();
        registered.complete(null);
        String first = composed.join();
        String[] threads = first.split("=");
        assertThat(threads[0]).startsWith("brisk-client");
        assertThat(threads[1]).isEqualTo(threads[0]);
    }

    @Test
    void hostLimitBelowTheLoopCountStillBoundsConnections() {
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            scheduler.schedule(() -> request.response().send("ok"), 5, TimeUnit.MILLISECONDS);
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(4).maxConnectionsPerHost(2)));
        List<CompletableFuture<HttpResponse>> futures = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            futures.add(client.get(url(server, "/")).execute().toCompletableFuture());
        }
        futures.forEach(future -> assertThat(future.join().status()).isEqualTo(200));
        assertThat(remotes.size()).isBetween(1, 2);
    }

    @Test
    void fullQueueFailsAtOnceWithPoolExhausted() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        List<ServerRequest> held = new ArrayList<>();
        HttpServer server = server(request -> {
            synchronized (held) {
                held.add(request);
            }
            received.countDown();
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)
                .maxPendingAcquires(0)));
        CompletableFuture<HttpResponse> first = client.get(url(server, "/first")).execute().toCompletableFuture();
        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();

        Throwable failure = failure(client.get(url(server, "/second")).execute());
        assertThat(failure).isInstanceOf(PoolExhaustedException.class)
                .hasMessageContaining("127.0.0.1:" + server.port()).hasMessageContaining("exhausted");
        assertThat(((HttpClientException) failure).requestSent()).isFalse();

        synchronized (held) {
            held.get(0).response().send("done");
        }
        assertThat(first.join().bodyAsString()).isEqualTo("done");
    }

    @Test
    void waitingLongerThanTheAcquireTimeoutFails() throws Exception {
        CountDownLatch received = new CountDownLatch(1);
        HttpServer server = server(request -> {
            received.countDown();
            scheduler.schedule(() -> request.response().send("late"), 1500, TimeUnit.MILLISECONDS);
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)
                .acquireTimeout(Duration.ofMillis(200))));
        CompletableFuture<HttpResponse> first = client.get(url(server, "/first")).execute().toCompletableFuture();
        assertThat(received.await(5, TimeUnit.SECONDS)).isTrue();

        long start = System.nanoTime();
        assertThat(failure(client.get(url(server, "/second")).execute()))
                .isInstanceOf(AcquireTimeoutException.class).hasMessageContaining("200 ms");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(first.join().bodyAsString()).isEqualTo("late");
    }

    @Test
    void queuedRequestsGetTheReleasedConnection() {
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            scheduler.schedule(() -> request.response().send("ok"), 20, TimeUnit.MILLISECONDS);
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)));
        List<CompletableFuture<HttpResponse>> futures = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            futures.add(client.get(url(server, "/")).execute().toCompletableFuture());
        }
        futures.forEach(future -> assertThat(future.join().status()).isEqualTo(200));
        assertThat(remotes).hasSize(1);
    }

    @Test
    void idleConnectionsAreClosedAfterTheIdleTimeout() throws Exception {
        HttpServer server = server(request -> {
            remotes.add(request.remoteAddress());
            request.response().send("ok");
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).idleTimeout(Duration.ofMillis(100))));
        client.get(url(server, "/")).send();
        await(() -> server.metrics().openConnections() == 0, "the idle connection to be closed");
        client.get(url(server, "/")).send();
        assertThat(remotes).hasSize(2);
    }

    @Test
    void connectionClosedByTheServerAfterAResponseIsNotReused() {
        HttpServer server = server(HttpServer.builder().options(o -> o.maxKeepAliveRequests(1)), request -> {
            remotes.add(request.remoteAddress());
            request.response().send("bye");
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1)));
        for (int i = 0; i < 3; i++) {
            assertThat(client.get(url(server, "/")).send().bodyAsString()).isEqualTo("bye");
        }
        assertThat(remotes).hasSize(3);
    }
}
