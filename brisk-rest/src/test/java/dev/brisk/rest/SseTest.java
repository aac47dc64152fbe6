package dev.brisk.rest;

import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2RawConnection;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.rest.sse.SseBroadcaster;
import dev.brisk.rest.sse.SseClosedException;
import dev.brisk.rest.sse.SseEvent;
import dev.brisk.rest.sse.SseSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Server-Sent Events over real sockets: the wire format, unbuffered delivery, ends of every kind, broadcasting. */
class SseTest {

    public record Price(String symbol, double value) {
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eventsAreWrittenInTheEventStreamFormat() throws Exception {
        server = server()
                .get("/events", ctx -> {
                    SseSink sink = ctx.sse();
                    sink.send(SseEvent.builder().id("1").name("greeting").retry(Duration.ofSeconds(3))
                            .data("hello").build());
                    sink.send(SseEvent.of("two\nlines\r\nand\rthree"));
                    sink.send(SseEvent.builder().comment("keep-alive\nsecond comment line").build());
                    sink.send(SseEvent.builder().id("2").data(new Price("ACME", 12.5)).build());
                    sink.send(new Price("BETA", 1));
                    sink.send(SseEvent.builder().data("first").data(List.of(1, 2)).build());
                    sink.complete();
                })
                .start();
        HttpResponse<String> response = get(server, "/events");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
        assertThat(response.headers().firstValue("cache-control")).hasValue("no-cache");
        assertThat(response.body()).isEqualTo("""
                id: 1
                event: greeting
                retry: 3000
                data: hello

                data: two
                data: lines
                data: and
                data: three

                :keep-alive
                :second comment line

                id: 2
                data: {"symbol":"ACME","value":12.5}

                data: {"symbol":"BETA","value":1.0}

                data: first
                data: [1,2]

                """);
    }

    @Test
    void invalidFieldsAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> SseEvent.builder().id("a\nb")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("event id must not contain line breaks: \"a\\nb\"");
        assertThatThrownBy(() -> SseEvent.builder().name("x\ry")).hasMessageContaining("event name");
        assertThatThrownBy(() -> SseEvent.builder().build()).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> SseEvent.builder().retry(Duration.ofSeconds(-1)))
                .hasMessageContaining("retry must not be negative");
    }

    @Test
    void eventsSentFromAnotherThreadArriveOneByOne() throws Exception {
        CompletableFuture<SseSink> opened = new CompletableFuture<>();
        server = server().get("/feed", ctx -> opened.complete(ctx.sse())).start();
        HttpResponse<InputStream> response = CLIENT.send(request("/feed"), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        SseSink sink = opened.get(5, TimeUnit.SECONDS);
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(),
                StandardCharsets.UTF_8))) {
            for (int i = 0; i < 3; i++) {
                // the next event is sent only once the previous one has arrived: nothing is held back
                sink.send(SseEvent.builder().id(String.valueOf(i)).data("tick " + i).build())
                        .toCompletableFuture().get(5, TimeUnit.SECONDS);
                assertThat(lines.readLine()).isEqualTo("id: " + i);
                assertThat(lines.readLine()).isEqualTo("data: tick " + i);
                assertThat(lines.readLine()).isEmpty();
            }
            sink.complete();
            assertThat(lines.readLine()).isNull();
        }
        assertThat(sink.isOpen()).isFalse();
        assertThatThrownBy(() -> sink.send("late").toCompletableFuture().get(5, TimeUnit.SECONDS))
                .hasCauseInstanceOf(SseClosedException.class)
                .hasMessageContaining("the event stream has been completed");
    }

    @Test
    void aClientThatLeavesIsDetectedAndLaterSendsFailClearly() throws Exception {
        CompletableFuture<SseSink> opened = new CompletableFuture<>();
        CompletableFuture<SseSink.CloseReason> closed = new CompletableFuture<>();
        server = server().get("/feed", ctx -> opened.complete(ctx.sse().onClose(closed::complete))).start();
        try (Socket socket = connect("/feed")) {
            SseSink sink = opened.get(5, TimeUnit.SECONDS);
            sink.send("hello");
            assertThat(readUntil(socket.getInputStream(), "data: hello\n\n")).startsWith("HTTP/1.1 200");
        }
        assertThat(closed.get(10, TimeUnit.SECONDS)).isEqualTo(SseSink.CloseReason.DISCONNECTED);
        SseSink sink = opened.get();
        assertThat(sink.isOpen()).isFalse();
        ExecutionException failure = (ExecutionException) catchThrowable(() ->
                sink.send("anyone there?").toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertThat(failure.getCause()).isInstanceOf(SseClosedException.class)
                .hasMessage("the event stream is closed: the client disconnected");
        assertThat(((SseClosedException) failure.getCause()).reason()).isEqualTo(SseSink.CloseReason.DISCONNECTED);
    }

    @Test
    void aClientThatStopsReadingIsDroppedOnceItsUnsentEventsReachTheLimit() throws Exception {
        CompletableFuture<SseSink> opened = new CompletableFuture<>();
        CompletableFuture<SseSink.CloseReason> closed = new CompletableFuture<>();
        server = server().options(o -> o.sseMaxPending(64 * 1024))
                .get("/firehose", ctx -> opened.complete(ctx.sse().onClose(closed::complete))).start();
        String payload = "x".repeat(8 * 1024);
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
            socket.getOutputStream().write("GET /firehose HTTP/1.1\r\nHost: x\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            SseSink sink = opened.get(5, TimeUnit.SECONDS);
            // a producer that never waits for its sends, against a client that never reads
            SseClosedException refused = null;
            long sent = 0;
            for (int i = 0; i < 100_000 && refused == null; i++) {
                try {
                    sink.send(payload).toCompletableFuture().getNow(null);
                    sent += payload.length();
                } catch (java.util.concurrent.CompletionException e) {
                    if (e.getCause() instanceof SseClosedException closedException
                            && closedException.reason() == SseSink.CloseReason.OVERFLOWED) {
                        refused = closedException;
                    }
                }
            }
            assertThat(refused).as("a send refused after %d bytes", sent).isNotNull()
                    .hasMessageContaining("read too slowly");
            assertThat(closed.get(5, TimeUnit.SECONDS)).isEqualTo(SseSink.CloseReason.OVERFLOWED);
            assertThat(sink.isOpen()).isFalse();
            // what the server held is bounded by the limit and the sockets' buffers, not by what was offered
            assertThat(sent).isLessThan(100_000L * payload.length());
            ExecutionException later = (ExecutionException) catchThrowable(() ->
                    sink.send("more").toCompletableFuture().get(5, TimeUnit.SECONDS));
            assertThat(((SseClosedException) later.getCause()).reason()).isEqualTo(SseSink.CloseReason.OVERFLOWED);
            ReliabilityReport.record("SSE", "SseTest.aClientThatStopsReadingIsDroppedOnceItsUnsentEventsReachTheLimit",
                    "an HTTP/1.1 event stream to a client that never reads, fed by a producer that never waits: the "
                            + "send that would hold more than sseMaxPending fails (OVERFLOWED) and the client is dropped",
                    String.format("sseMaxPending 64 KiB, events of 8 KiB: %d KiB accepted before the refusal", sent
                            / 1024));
            // the connection was dropped: reading drains what was in flight, then ends
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[64 * 1024];
            try {
                while (in.read(buffer) >= 0) {
                    // drain
                }
            } catch (java.net.SocketException reset) {
                // a reset is as good as an orderly close here
            }
        }
    }

    /**
     * HTTP/2 streams whose client grants no flow-control window (SETTINGS_INITIAL_WINDOW_SIZE 0) and never reads: each
     * stream's producers, all at once, send without waiting. Every stream ends, OVERFLOWED at its own limit or reset
     * (DISCONNECTED) by the connection's, and no producer gets more accepted than its stream's limit.
     */
    @Test
    void zeroWindowHttp2StreamsAreDroppedAtTheirLimit() throws Exception {
        int streams = 32;
        long maxPending = 1024 * 1024;
        String payload = "z".repeat(8 * 1024);
        BlockingQueue<SseSink> opened = new LinkedBlockingQueue<>();
        server = server().get("/firehose", ctx -> opened.add(ctx.sse())).get("/ping", ctx -> ctx.response()
                .send("pong")).start();
        List<CompletableFuture<long[]>> producers = new ArrayList<>();
        try (H2RawConnection h2 = new H2RawConnection(server.port())) {
            h2.preface().frame(H2Frames.SETTINGS, 0, 0, new byte[] {0, 4, 0, 0, 0, 0}).settingsAck();
            for (int i = 0; i < streams; i++) {
                h2.headers(1 + 2 * i, "GET", "/firehose", true);
            }
            h2.flush();
            for (int i = 0; i < streams; i++) {
                SseSink sink = opened.poll(10, TimeUnit.SECONDS);
                assertThat(sink).as("stream %d opened", i).isNotNull();
                producers.add(CompletableFuture.supplyAsync(() -> fire(sink, payload)));
            }
            CompletableFuture.allOf(producers.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            assertThat(get(server, "/ping").body()).as("another client meanwhile").isEqualTo("pong");
        }
        long mostAccepted = 0;
        int overflowed = 0;
        for (CompletableFuture<long[]> producer : producers) {
            long[] result = producer.join();
            mostAccepted = Math.max(mostAccepted, result[0]);
            overflowed += result[1] == SseSink.CloseReason.OVERFLOWED.ordinal() ? 1 : 0;
        }
        assertThat(mostAccepted).as("bytes one producer got accepted").isLessThanOrEqualTo(maxPending
                + payload.length() + 64);
        ReliabilityReport.record("SSE", "SseTest.zeroWindowHttp2StreamsAreDroppedAtTheirLimit",
                "HTTP/2 event streams to a client granting no flow-control window, fed by producers that never wait: "
                        + "each stream ends (OVERFLOWED at sseMaxPending, or reset by the connection's buffer limit) "
                        + "and no producer has more accepted than its stream's limit",
                String.format("%d streams, events of 8 KiB, sseMaxPending 1 MiB: at most %d KiB accepted per "
                        + "stream; %d OVERFLOWED, %d reset (DISCONNECTED)", streams, mostAccepted / 1024,
                        overflowed, streams - overflowed));
    }

    /** Sends until a send fails; the bytes accepted before and the ordinal of the reason the stream ended. */
    private static long[] fire(SseSink sink, String payload) {
        long accepted = 0;
        for (int i = 0; i < 100_000; i++) {
            try {
                sink.send(payload).toCompletableFuture().getNow(null);
                accepted += payload.length() + 8; // "data: " and the blank line
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof SseClosedException closed) {
                    return new long[] {accepted, closed.reason().ordinal()};
                }
                throw e;
            }
        }
        throw new AssertionError("100,000 events of " + payload.length() + " bytes accepted for a client that "
                + "never reads");
    }

    @Test
    void aProducerThatWaitsForEachSendIsNeverDropped() throws Exception {
        CompletableFuture<SseSink.CloseReason> closed = new CompletableFuture<>();
        String payload = "y".repeat(4 * 1024);
        server = server().options(o -> o.sseMaxPending(16 * 1024)).get("/paced", ctx -> {
            SseSink sink = ctx.sse().onClose(closed::complete);
            CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 200; i++) {
                    sink.send(payload).toCompletableFuture().join();
                }
                sink.complete();
            });
        }).start();
        HttpResponse<InputStream> response = CLIENT.send(request("/paced"), HttpResponse.BodyHandlers.ofInputStream());
        int events = 0;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("data: ")) {
                    assertThat(line).hasSize(6 + payload.length());
                    events++;
                }
                if (events % 20 == 0) {
                    Thread.sleep(1); // a slower reader than the producer
                }
            }
        }
        assertThat(events).isEqualTo(200);
        assertThat(closed.get(5, TimeUnit.SECONDS)).isEqualTo(SseSink.CloseReason.COMPLETED);
    }

    @Test
    void aTimeoutEndsTheStreamNormally() throws Exception {
        CompletableFuture<SseSink.CloseReason> closed = new CompletableFuture<>();
        server = server().get("/short", ctx -> ctx.sse(Duration.ofMillis(200)).onClose(closed::complete)
                .send(SseEvent.of("only"))).start();
        HttpResponse<String> response = get(server, "/short");
        assertThat(response.body()).isEqualTo("data: only\n\n");
        assertThat(closed.get(5, TimeUnit.SECONDS)).isEqualTo(SseSink.CloseReason.TIMED_OUT);
    }

    @Test
    void aStreamsOwnTimeoutReplacesTheRequestTimeout() throws Exception {
        CompletableFuture<SseSink.CloseReason> closed = new CompletableFuture<>();
        java.util.concurrent.ScheduledExecutorService ticks = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor();
        try {
            server = server().protection(p -> p.requestTimeout(Duration.ofMillis(200))).get("/ticks", ctx -> {
                SseSink sink = ctx.sse(Duration.ofMillis(900)).onClose(closed::complete);
                ticks.scheduleAtFixedRate(() -> {
                    if (sink.isOpen()) {
                        sink.send(SseEvent.of("tick"));
                    }
                }, 0, 100, TimeUnit.MILLISECONDS);
            }).start();
            long start = System.nanoTime();
            HttpResponse<String> response = get(server, "/ticks");
            long tookMillis = (System.nanoTime() - start) / 1_000_000;
            // ended by its own 900 ms, normally, well after the 200 ms request timeout
            assertThat(closed.get(5, TimeUnit.SECONDS)).isEqualTo(SseSink.CloseReason.TIMED_OUT);
            assertThat(tookMillis).isGreaterThanOrEqualTo(800);
            assertThat(response.body().split("data: tick\n\n", -1).length - 1).isGreaterThanOrEqualTo(5);
        } finally {
            ticks.shutdownNow();
        }
    }

    @Test
    void completingWithAnErrorAbortsTheResponse() throws Exception {
        CompletableFuture<SseSink.CloseReason> closed = new CompletableFuture<>();
        server = server().get("/failing", ctx -> {
            SseSink sink = ctx.sse().onClose(closed::complete);
            sink.send("before the failure");
            sink.completeWithError(new IllegalStateException("feed broke"));
        }).start();
        try (Socket socket = connect("/failing")) {
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(received);
            String text = received.toString(StandardCharsets.UTF_8);
            assertThat(text).contains("data: before the failure").doesNotContain("\r\n0\r\n\r\n");
        }
        assertThat(closed.get(5, TimeUnit.SECONDS)).isEqualTo(SseSink.CloseReason.FAILED);
    }

    @Test
    void eventsTravelAsDataFramesOnHttp2() throws Exception {
        server = server().get("/events", ctx -> {
            SseSink sink = ctx.sse();
            sink.send(SseEvent.of("tick", "1"));
            sink.complete();
        }).start();
        try (H2RawConnection connection = new H2RawConnection(server.port())) {
            connection.preface().settingsAck().headers(1, "GET", "/events", true).flush();
            H2Frames.Frame head = connection.await(f -> f.type() == H2Frames.HEADERS,
                    Duration.ofSeconds(10));
            assertThat(head.headers().get("content-type").toString()).isEqualTo("text/event-stream");
            StringBuilder body = new StringBuilder();
            H2Frames.Frame frame;
            do {
                frame = connection.await(f -> f.type() == H2Frames.DATA, Duration.ofSeconds(10));
                body.append(new String(frame.payload(), StandardCharsets.UTF_8));
            } while (!frame.has(H2Frames.FLAG_END_STREAM));
            assertThat(body.toString()).isEqualTo("event: tick\ndata: 1\n\n");
        }
    }

    @Test
    void aBroadcastReachesEveryOpenSinkAndForgetsClosedOnes() throws Exception {
        SseBroadcaster room = new SseBroadcaster();
        BlockingQueue<SseSink> joined = new LinkedBlockingQueue<>();
        server = server().get("/room", ctx -> {
            SseSink sink = ctx.sse();
            room.add(sink);
            joined.add(sink);
        }).start();
        List<Socket> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                clients.add(connect("/room"));
                assertThat(joined.poll(5, TimeUnit.SECONDS)).isNotNull();
            }
            assertThat(room.size()).isEqualTo(3);
            room.send(SseEvent.of("message", new Price("ACME", 2))).toCompletableFuture().get(5, TimeUnit.SECONDS);
            for (Socket client : clients) {
                assertThat(readUntil(client.getInputStream(), "\n\n"))
                        .contains("event: message\ndata: {\"symbol\":\"ACME\",\"value\":2.0}\n\n");
            }
            clients.remove(0).close();
            for (int i = 0; i < 1000 && room.size() > 2; i++) {
                Thread.sleep(10);
            }
            assertThat(room.size()).isEqualTo(2);
            room.send("second").toCompletableFuture().get(5, TimeUnit.SECONDS);
            for (Socket client : clients) {
                assertThat(readUntil(client.getInputStream(), "data: second\n\n")).isNotEmpty();
            }
            room.close();
            assertThat(room.size()).isZero();
            for (Socket client : clients) {
                assertThat(readUntil(client.getInputStream(), "0\r\n\r\n")).isNotEmpty();
            }
        } finally {
            for (Socket client : clients) {
                client.close();
            }
        }
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10)).build();
    }

    private Socket connect(String path) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    /** Reads raw bytes (chunk framing included) until {@code marker} has been read. */
    private static String readUntil(InputStream in, String marker) throws IOException {
        StringBuilder received = new StringBuilder();
        while (received.indexOf(marker) < 0) {
            int b = in.read();
            if (b == -1) {
                throw new IOException("connection closed before \"" + marker + "\": " + received);
            }
            received.append((char) b);
        }
        return received.toString().replaceAll("\r\n[0-9a-f]+\r\n", "");
    }

    private static Throwable catchThrowable(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        return org.assertj.core.api.Assertions.catchThrowable(call);
    }
}
