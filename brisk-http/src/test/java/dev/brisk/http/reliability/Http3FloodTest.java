package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.testing.Http3TestClient;
import dev.brisk.http.testing.Http3Wire;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.transport.QuicAvailability;
import dev.brisk.transport.TlsOptions;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * HTTP/3 floods and stalls through real QUIC connections: more streams than the server allows at once, streams
 * opened and reset at once (HTTP/3's rapid reset), requests whose head or body never completes, and a client that
 * never reads large responses. Each must end with the streams refused, answered or reset, or the connection closed,
 * while the server's memory stays bounded and another connection is served.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Http3FloodTest {

    private static final String AREA = "HTTP/3 attacks";
    private static final long MIB = 1024 * 1024;
    private static final int MAX_STREAMS = 16;
    private static final long CONNECTION_BUFFER = 2 * MIB;
    private static final int BIG = 4 * 1024 * 1024;

    private static HttpServer server;
    private static final AtomicInteger calls = new AtomicInteger();
    private static final Queue<ServerRequest> held = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger heldNow = new AtomicInteger();
    private static final AtomicInteger heldPeak = new AtomicInteger();

    @BeforeAll
    static void start() {
        assumeTrue(QuicAvailability.isAvailable(), QuicAvailability::unavailabilityReason);
        server = HttpServer.builder().host("127.0.0.1").port(0).tls(TlsOptions.selfSigned())
                .options(o -> o.ioThreads(1)
                        .http3(h -> h.enabled(true).maxConcurrentStreams(MAX_STREAMS))
                        .headerReadTimeout(Duration.ofMillis(400))
                        .bodyReadTimeout(Duration.ofMillis(400))
                        .writeTimeout(Duration.ofMillis(600))
                        .limits(l -> l.maxConnectionBuffer(CONNECTION_BUFFER)))
                .handler(request -> {
                    calls.incrementAndGet();
                    switch (request.path()) {
                        case "/hold" -> {
                            heldPeak.accumulateAndGet(heldNow.incrementAndGet(), Math::max);
                            held.add(request);
                        }
                        case "/slow" -> CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS)
                                .execute(() -> request.response().send("slow"));
                        case "/big" -> request.response().send(request.allocator().buffer(BIG).writeZero(BIG));
                        default -> request.response().send("ok");
                    }
                }).start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.closeNow();
        }
    }

    /**
     * Three times as many streams as the server allows (QUIC initial_max_streams_bidi), opened at once: QUIC's stream
     * credit keeps the excess from opening (or from reaching the server) until streams end, so the handler never holds
     * more than the limit; another connection is served meanwhile, and once answered every opened stream ends 200.
     */
    @Test
    void streamFloodIsBoundedByQuicStreamCredit() throws Exception {
        heldPeak.set(0);
        int attempts = 3 * MAX_STREAMS;
        List<CompletableFuture<Http3TestClient.Response>> opened = new ArrayList<>();
        int refused = 0;
        long growth;
        String other;
        try (PeakMemory memory = new PeakMemory();
             Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
            for (int i = 0; i < attempts; i++) {
                try {
                    opened.add(client.send("GET", "/hold", Map.of(), List.of()));
                } catch (Exception e) {
                    refused++;
                }
            }
            waitUntil(() -> heldNow.get() >= Math.min(MAX_STREAMS, opened.size()), Duration.ofSeconds(5));
            Thread.sleep(200); // streams beyond the credit would reach the handler by now
            try (Http3TestClient another = Http3TestClient.connect(server.http3Port())) {
                other = another.get("/").toString();
            }
            int answered = 0;
            while (answered < opened.size()) {
                ServerRequest request = held.poll();
                if (request == null) {
                    Thread.sleep(5);
                    continue;
                }
                heldNow.decrementAndGet();
                request.response().send("released");
                answered++;
            }
            for (CompletableFuture<Http3TestClient.Response> response : opened) {
                assertThat(response.get(10, TimeUnit.SECONDS).toString()).isEqualTo("200 'released'");
            }
            growth = memory.growth();
        }
        assertThat(heldPeak.get()).as("requests held by the handler at once").isLessThanOrEqualTo(MAX_STREAMS);
        assertThat(other).as("another connection").isEqualTo("200 'ok'");
        assertThat(growth).as("growth of the server's Netty buffers").isLessThan(16 * MIB);
        ReliabilityReport.record(AREA, "Http3FloodTest.streamFloodIsBoundedByQuicStreamCredit",
                "an HTTP/3 client opening 3 times max concurrent streams at once is held to the limit by QUIC stream "
                        + "credit; another connection is served",
                String.format("%d streams tried, %d refused at opening, handler held at most %d (limit %d); "
                        + "Netty buffers grew %d KiB", attempts, refused, heldPeak.get(), MAX_STREAMS, growth / 1024));
    }

    /** Streams opened in quick succession, each as soon as QUIC's stream credit allows: every one is served. */
    @Test
    void streamsInQuickSuccession() throws Exception {
        int total = 480;
        long begin = System.nanoTime();
        long growth;
        try (PeakMemory memory = new PeakMemory();
             Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
            for (int sent = 0; sent < total; sent += MAX_STREAMS) {
                List<CompletableFuture<Http3TestClient.Response>> batch = new ArrayList<>();
                for (int i = 0; i < MAX_STREAMS; i++) {
                    batch.add(sendWhenCredit(client, "/"));
                }
                for (CompletableFuture<Http3TestClient.Response> response : batch) {
                    assertThat(response.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
                }
            }
            growth = memory.growth();
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin);
        assertThat(growth).as("growth of the server's Netty buffers").isLessThan(16 * MIB);
        ReliabilityReport.record(AREA, "Http3FloodTest.streamsInQuickSuccession",
                "an HTTP/3 client opening streams as fast as its stream credit allows is served, memory bounded",
                String.format("%d requests in %d ms on one connection; Netty buffers grew %d KiB", total, millis,
                        growth / 1024));
    }

    /**
     * HTTP/3's rapid reset: a stream opened and reset at once, over and over. QUIC returns the stream credit as soon
     * as the reset stream is closed, while the handler still works on the request: past 200 resets in 30 s the server
     * closes the connection with H3_EXCESSIVE_LOAD, and the handler saw a bounded number of the requests.
     */
    @Test
    void rapidResetClosesTheConnection() throws Exception {
        int attempts = 5000;
        int callsBefore = calls.get();
        int sent = 0;
        QuicConnectionCloseEvent close;
        byte[] request = Http3Wire.headers(Http3AttackCorpus.valid("GET", "reset").stream()
                .map(f -> f.name().equals(":path") ? Http3Wire.field(":path", "/slow") : f).toList());
        try (Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
            while (sent < attempts && !client.closedByServer().isDone()) {
                awaitCredit(client); // the server returns credit once it has closed the reset streams
                Future<QuicStreamChannel> stream = client.connection().createStream(
                        QuicStreamType.BIDIRECTIONAL, new Discard()).await();
                if (!stream.isSuccess()) {
                    break;
                }
                QuicStreamChannel channel = stream.getNow();
                Http3TestClient.writeRaw(channel, request, false);
                channel.shutdown(Http3ErrorCode.H3_REQUEST_CANCELLED.code());
                sent++;
            }
            close = client.closedByServer().get(10, TimeUnit.SECONDS);
        }
        int handled = calls.get() - callsBefore;
        assertThat(Long.toHexString(close.error())).as("CONNECTION_CLOSE error code")
                .isEqualTo(Long.toHexString(Http3ErrorCode.H3_EXCESSIVE_LOAD.code()));
        assertThat(handled).as("requests that reached the handler").isLessThanOrEqualTo(400);
        assertThat(servedOnAnotherConnection()).isEqualTo("200 'ok'");
        ReliabilityReport.record(AREA, "Http3FloodTest.rapidResetClosesTheConnection",
                "HTTP/3 rapid reset: a client opening and resetting streams at once is closed with H3_EXCESSIVE_LOAD "
                        + "after 200 resets in 30 s; others are served",
                String.format("%d streams opened and reset before CONNECTION_CLOSE(H3_EXCESSIVE_LOAD); %d reached "
                        + "the handler", sent, handled));
    }

    /**
     * Request heads that never complete (a HEADERS frame cut short) and bodies that never come (content-length 10,
     * no DATA), on every stream the server allows: each is ended at its deadline (RESET_STREAM(H3_REQUEST_INCOMPLETE),
     * 408), and the connection serves requests again.
     */
    @Test
    void stalledStreamsAreEndedAndFreed() throws Exception {
        byte[] head = Http3Wire.headers(Http3AttackCorpus.valid("GET", "stalled"));
        byte[] cut = Arrays.copyOf(head, head.length - 5);
        List<CompletableFuture<Http3TestClient.Response>> heads = new ArrayList<>();
        List<CompletableFuture<Http3TestClient.Response>> bodies = new ArrayList<>();
        String afterwards;
        try (Http3TestClient client = Http3TestClient.connect(server.http3Port())) {
            for (int i = 0; i < MAX_STREAMS / 2; i++) {
                heads.add(client.sendRaw(cut, false));
                CompletableFuture<Http3TestClient.Response> body = new CompletableFuture<>();
                client.open("POST", "/", Map.of("content-length", "10"), body);
                bodies.add(body);
            }
            for (CompletableFuture<Http3TestClient.Response> response : heads) {
                assertThat(response.get(5, TimeUnit.SECONDS).toString()).isEqualTo("reset 0x10d");
            }
            for (CompletableFuture<Http3TestClient.Response> response : bodies) {
                assertThat(response.get(5, TimeUnit.SECONDS).toString())
                        .isEqualTo("408 'request body not received in time'");
            }
            afterwards = sendWhenCredit(client, "/").get(10, TimeUnit.SECONDS).toString();
        }
        assertThat(afterwards).as("the same connection afterwards").isEqualTo("200 'ok'");
        ReliabilityReport.record(AREA, "Http3FloodTest.stalledStreamsAreEndedAndFreed",
                "HTTP/3 request heads cut short and bodies that never come are ended at their deadlines, and their "
                        + "streams freed",
                String.format("%d heads reset with H3_REQUEST_INCOMPLETE, %d bodies answered 408; the connection "
                        + "served the next request", heads.size(), bodies.size()));
    }

    /**
     * A client that never reads large responses (a 64 KiB window each): the server holds at most its connection
     * buffer limit plus one body of unsent responses (the others are refused with H3_EXCESSIVE_LOAD), and resets the
     * stalled streams at the write deadline (H3_REQUEST_CANCELLED).
     */
    @Test
    void nonReaderIsBoundedAndReset() throws Exception {
        int streams = MAX_STREAMS;
        List<CompletableFuture<Http3TestClient.Response>> responses = new ArrayList<>();
        long growth;
        try (PeakMemory memory = new PeakMemory();
             Http3TestClient client = Http3TestClient.connect(server.http3Port(), 64 * 1024)) {
            for (int i = 0; i < streams; i++) {
                CompletableFuture<Http3TestClient.Response> response = new CompletableFuture<>();
                client.sendWithoutReading("GET", "/big", response);
                responses.add(response);
            }
            // the deadline resets what was sent; a reset stream's unread data is discarded by the client's QUIC
            for (CompletableFuture<Http3TestClient.Response> response : responses) {
                response.exceptionally(e -> null);
            }
            waitUntil(() -> responses.stream().allMatch(CompletableFuture::isDone), Duration.ofSeconds(5));
            growth = memory.growth();
        }
        long unfinished = responses.stream().filter(r -> !r.isDone()).count();
        Map<String, Long> outcomes = responses.stream().filter(CompletableFuture::isDone)
                .map(r -> String.valueOf(r.getNow(null)))
                .collect(Collectors.groupingBy(o -> o.length() > 40 ? o.substring(0, 40) : o, TreeMap::new,
                        Collectors.counting()));
        assertThat(unfinished).as("streams the server neither refused nor reset within 5 s").isZero();
        assertThat(growth).as("growth of the server's Netty buffers")
                .isLessThan(CONNECTION_BUFFER + BIG + 4 * MIB);
        assertThat(servedOnAnotherConnection()).isEqualTo("200 'ok'");
        ReliabilityReport.record(AREA, "Http3FloodTest.nonReaderIsBoundedAndReset",
                "an HTTP/3 client that never reads 4 MiB responses costs the server at most its connection buffer "
                        + "limit plus one body; the stalled streams are reset at the write deadline",
                String.format("%d streams of 4 MiB; Netty buffers grew %d KiB (limit %d KiB + one body); ended: %s; "
                        + "%d not ended within 5 s", streams, growth / 1024, CONNECTION_BUFFER / 1024, outcomes,
                        unfinished));
    }

    /**
     * Sends a GET as soon as the server's stream credit lets a stream open (within five seconds). The credit is
     * checked first: Netty's client uses up a stream id on every attempt, also one that fails for want of credit, and
     * the ids it then gives are beyond any credit.
     */
    private static CompletableFuture<Http3TestClient.Response> sendWhenCredit(Http3TestClient client, String path)
            throws Exception {
        awaitCredit(client);
        return client.send("GET", path, Map.of(), List.of());
    }

    /** Waits (up to five seconds) until the server allows the client another bidirectional stream. */
    private static void awaitCredit(Http3TestClient client) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (client.connection().peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) == 0
                && System.nanoTime() < deadline && client.connection().isActive()) {
            Thread.sleep(1);
        }
    }

    private static String servedOnAnotherConnection() throws Exception {
        try (Http3TestClient other = Http3TestClient.connect(server.http3Port())) {
            return other.get("/").toString();
        }
    }

    private static void waitUntil(BooleanSupplier condition, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }

    /** Drops whatever the server answers on a stream the test has already reset. */
    private static final class Discard extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
