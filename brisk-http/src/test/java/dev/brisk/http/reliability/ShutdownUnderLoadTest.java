package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.testing.H2FrameClient;
import dev.brisk.http.testing.RawConnection;
import dev.brisk.http.testing.ReliabilityReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Graceful shutdown under load: clients keep sending requests whose handler answers 50-200 ms later from a scheduler
 * (never blocking an event loop), and {@code close(5 s)} is called in the middle. Every request the handler started
 * must be answered with a complete 200, connections attempted once the close began must be refused, and
 * {@code close} must return within its deadline plus {@link #MARGIN}.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ShutdownUnderLoadTest {

    private static final String AREA = "graceful shutdown";
    private static final Duration DEADLINE = Duration.ofSeconds(5);
    /** Stopping the event loops after the connections are gone. */
    private static final Duration MARGIN = Duration.ofMillis(1500);
    /** Requests answered before the close starts, so that it happens under load. */
    private static final int BEFORE_CLOSE = 150;

    private final Set<String> started = ConcurrentHashMap.newKeySet();
    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    private final AtomicInteger serverSideFailures = new AtomicInteger();
    private final AtomicInteger answeredAfterClose = new AtomicInteger();
    private final AtomicInteger refusedAfterClose = new AtomicInteger();
    private volatile boolean closing;
    private ScheduledExecutorService handlerScheduler;
    private ExecutorService clients;
    private HttpServer server;

    @BeforeEach
    void start() {
        handlerScheduler = Executors.newScheduledThreadPool(2);
        clients = Executors.newCachedThreadPool();
        server = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(2)).handler(this::handle)
                .start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.closeNow();
        clients.shutdownNow();
        handlerScheduler.shutdownNow();
        clients.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** Answers {@code done <id>} 50-200 ms later from the scheduler; counts responses that did not reach the socket. */
    private void handle(ServerRequest request) {
        String id = request.query("id").orElseThrow();
        started.add(id);
        long delay = ThreadLocalRandom.current().nextLong(50, 201);
        handlerScheduler.schedule(() -> {
            request.response().completion().whenComplete((v, e) -> {
                if (e != null) {
                    serverSideFailures.incrementAndGet();
                }
            });
            request.response().send(body(id));
        }, delay, TimeUnit.MILLISECONDS);
    }

    private static String body(String id) {
        return "done " + id;
    }

    @Test
    void http11() throws Exception {
        int clientCount = 32;
        List<CompletableFuture<Void>> loops = new ArrayList<>();
        for (int c = 0; c < clientCount; c++) {
            String name = "h1-" + c;
            loops.add(CompletableFuture.runAsync(() -> http11Client(name), clients));
        }
        Result result = closeUnderLoad(loops);
        assertShutdownClean(result);
        record("ShutdownUnderLoadTest.http11", clientCount + " HTTP/1.1 keep-alive clients", result);
    }

    @Test
    void http2() throws Exception {
        int connections = 4;
        int streamsPerConnection = 8;
        List<H2FrameClient> h2 = new ArrayList<>();
        List<CompletableFuture<Void>> loops = new ArrayList<>();
        try {
            for (int c = 0; c < connections; c++) {
                H2FrameClient client = new H2FrameClient(server.port(), 1024 * 1024);
                h2.add(client);
                for (int s = 0; s < streamsPerConnection; s++) {
                    String name = "h2-" + c + "-" + s;
                    loops.add(CompletableFuture.runAsync(() -> http2Streams(client, name), clients));
                }
            }
            Result result = closeUnderLoad(loops);
            assertShutdownClean(result);
            record("ShutdownUnderLoadTest.http2", connections + " h2c connections x " + streamsPerConnection
                    + " concurrent streams", result);
        } finally {
            for (H2FrameClient client : h2) {
                client.close();
            }
        }
    }

    /** What one shutdown under load did. */
    private record Result(long closeMillis, long inFlightAtClose, int startedBeforeClose, int newConnectionsTried,
                          int newConnectionsRefused) {
    }

    /** Waits for load, closes the server mid-load, checks that new connections are refused meanwhile. */
    private Result closeUnderLoad(List<CompletableFuture<Void>> loops) throws Exception {
        long waitUntil = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (answered.size() < BEFORE_CLOSE && System.nanoTime() < waitUntil) {
            Thread.sleep(10);
        }
        assertThat(answered).as("requests answered before the close").hasSizeGreaterThanOrEqualTo(BEFORE_CLOSE);
        long inFlight = server.metrics().requestsInFlight();
        int startedBeforeClose = started.size();
        closing = true;
        long closeStart = System.nanoTime();
        CompletableFuture<Long> close = CompletableFuture.supplyAsync(() -> {
            server.close(DEADLINE);
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closeStart);
        });
        Thread.sleep(50);
        int tried = 0;
        int refused = 0;
        for (; tried < 5; tried++) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 1000);
            } catch (ConnectException expected) {
                refused++;
            }
            Thread.sleep(20);
        }
        long closeMillis = close.get(DEADLINE.plus(MARGIN).toMillis() + 5000, TimeUnit.MILLISECONDS);
        CompletableFuture.allOf(loops.toArray(new CompletableFuture[0])).get(10, TimeUnit.SECONDS);
        assertThat(inFlight).as("requests in flight when close() was called").isPositive();
        return new Result(closeMillis, inFlight, startedBeforeClose, tried, refused);
    }

    private void assertShutdownClean(Result result) {
        Set<String> unanswered = ConcurrentHashMap.newKeySet();
        unanswered.addAll(started);
        unanswered.removeAll(answered);
        assertThat(unanswered).as("requests the handler started that did not get a complete 200").isEmpty();
        assertThat(serverSideFailures).as("responses whose write failed on the server").hasValue(0);
        assertThat(answeredAfterClose.get()).as("requests answered after close() began").isPositive();
        assertThat(result.newConnectionsRefused()).as("connections attempted after close() began that were refused")
                .isEqualTo(result.newConnectionsTried());
        assertThat(Duration.ofMillis(result.closeMillis())).as("close() duration")
                .isLessThanOrEqualTo(DEADLINE.plus(MARGIN));
    }

    private void record(String test, String load, Result result) {
        ReliabilityReport.record(AREA, test, "close(5 s) under load answers every request a handler started with "
                        + "200, refuses new connections, and returns within its deadline",
                String.format("%s; %d requests started (%d before close), %d in flight at close, %d answered after "
                                + "close began, 0 failed; %d/%d new connections refused during close; close took %d "
                                + "ms (deadline %d ms + %d ms)", load, started.size(), result.startedBeforeClose(),
                        result.inFlightAtClose(), answeredAfterClose.get(), result.newConnectionsRefused(),
                        result.newConnectionsTried(), result.closeMillis(), DEADLINE.toMillis(), MARGIN.toMillis()));
    }

    // ---- clients ------------------------------------------------------------------------------------------------

    /**
     * Sequential requests on a keep-alive connection, reconnecting after {@code connection: close}, until the server
     * refuses to connect or drops the connection without an answer.
     */
    private void http11Client(String name) {
        RawConnection connection = null;
        try {
            for (int i = 0; ; i++) {
                if (connection == null) {
                    try {
                        connection = new RawConnection(server.port());
                    } catch (ConnectException refused) {
                        if (closing) {
                            refusedAfterClose.incrementAndGet();
                            return;
                        }
                        throw refused;
                    }
                }
                String id = name + "-" + i;
                RawConnection.Response response;
                try {
                    connection.send("GET /work?id=" + id + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
                    response = connection.read();
                } catch (IOException closedWithoutAnswer) {
                    return;
                }
                if (response.status() != 200 || !response.bodyText().equals(body(id))) {
                    fail("request %s got %d %s", id, response.status(), response.bodyText());
                }
                answer(id);
                if ("close".equalsIgnoreCase(response.header("connection"))) {
                    connection.close();
                    connection = null;
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(name + " failed", e);
        } finally {
            closeQuietly(connection);
        }
    }

    /** Sequential streams on one shared HTTP/2 connection until a stream fails (GOAWAY or connection closed). */
    private void http2Streams(H2FrameClient client, String name) {
        for (int i = 0; ; i++) {
            String id = name + "-" + i;
            byte[] expected = body(id).getBytes(StandardCharsets.UTF_8);
            H2FrameClient.Stream stream;
            try {
                stream = client.get("/work?id=" + id, position -> position < expected.length
                        ? expected[(int) position] : 0, true);
                stream.ended.get(10, TimeUnit.SECONDS);
            } catch (Exception refusedOrClosed) {
                return;
            }
            int status = stream.status.getNow(-1);
            if (status != 200 || stream.received() != expected.length || stream.firstMismatch() >= 0) {
                fail("stream %s got %d with %d bytes (first mismatch %d)", id, status, stream.received(),
                        stream.firstMismatch());
            }
            answer(id);
        }
    }

    private void answer(String id) {
        answered.add(id);
        if (closing) {
            answeredAfterClose.incrementAndGet();
        }
    }

    private static void closeQuietly(RawConnection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
