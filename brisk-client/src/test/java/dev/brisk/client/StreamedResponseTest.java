package dev.brisk.client;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerResponse;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import dev.brisk.http.common.Headers;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.net.SocketAddress;
import java.security.NoSuchAlgorithmException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Response bodies read as they arrive: backpressure, ends, trailers, failures and closing early, over both protocols. */
@org.junit.jupiter.api.Timeout(90)
class StreamedResponseTest extends ClientTestSupport {

    private static final int CHUNK = 16 * 1024;

    enum Protocol {
        HTTP_1_1(ProtocolPolicy.HTTP_1_1), H2C(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE);

        final ProtocolPolicy client;

        Protocol(ProtocolPolicy client) {
            this.client = client;
        }
    }

    /** Bytes the streaming handler has handed to its connection so far. */
    private final AtomicLong written = new AtomicLong();
    /** The client ends of the connections requests came on. */
    private final Set<SocketAddress> clientAddresses =
            ConcurrentHashMap.newKeySet();

    /**
     * {@code /stream?total=N}: N deterministic bytes in 16 KB writes, each after the previous one was taken by the
     * connection, so the server only gets ahead as far as the client reads; with {@code checksum}, a trailer at the
     * end.
     */
    private HttpServer streamingServer() {
        return server(request -> {
            clientAddresses.add(request.remoteAddress());
            String path = request.path();
            if (path.equals("/redirect")) {
                request.response().status(302).header("Location", "/stream?total=100000").send();
                return;
            }
            if (path.equals("/stall")) {
                request.response().header("Content-Type", "application/octet-stream");
                request.response().write(pattern(0, CHUNK)); // then nothing more
                return;
            }
            long total = Long.parseLong(request.query("total").orElse("1000000"));
            ServerResponse response = request.response();
            response.header("Content-Type", "application/octet-stream");
            if (request.query("checksum").isPresent()) {
                // a digest of the whole body takes seconds for the largest bodies: only where a test checks it
                response.trailers().set("x-checksum", checksum(total));
            }
            writeFrom(response, 0, total);
        });
    }

    /** Writes from {@code offset} on; goes on in a callback when the connection asks to wait, else in a loop. */
    private void writeFrom(ServerResponse response, long offset, long total) {
        while (offset < total) {
            int n = (int) Math.min(CHUNK, total - offset);
            written.addAndGet(n);
            CompletableFuture<Void> taken = response.write(Unpooled.wrappedBuffer(pattern(offset, n)))
                    .toCompletableFuture();
            long next = offset + n;
            if (!taken.isDone()) {
                taken.whenComplete((ok, failure) -> {
                    if (failure == null) {
                        writeFrom(response, next, total);
                    }
                });
                return;
            }
            if (taken.isCompletedExceptionally()) {
                return;
            }
            offset = next;
        }
        response.end();
    }

    private static byte[] pattern(long offset, int n) {
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            long position = offset + i;
            bytes[i] = (byte) (position * 31 + (position >>> 8));
        }
        return bytes;
    }

    private static String checksum(long total) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (long offset = 0; offset < total; offset += CHUNK) {
                digest.update(pattern(offset, (int) Math.min(CHUNK, total - offset)));
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private BriskClient client(Protocol protocol) {
        return client(clientBuilder().options(o -> o.ioThreads(1).protocol(protocol.client)
                .readTimeout(Duration.ofSeconds(10))));
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void readsALargeBodyAsAStreamWithItsTrailers(Protocol protocol) throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(protocol);
        long total = 24L * 1024 * 1024 + 123;

        try (StreamedResponse response = client.get(url(server, "/stream?checksum&total=" + total)).sendStreamed();
             InputStream body = response.bodyAsInputStream()) {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("content-type")).contains("application/octet-stream");
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[8192];
            long read = 0;
            for (int n; (n = body.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
                read += n;
            }
            assertThat(read).isEqualTo(total);
            assertThat(HexFormat.of().formatHex(digest.digest())).isEqualTo(checksum(total));
            assertThat(response.trailers().first("x-checksum").orElse(null)).isEqualTo(checksum(total));
        }
        // the connection went back to the pool: a second call reuses it
        assertThat(client.get(url(server, "/stream?total=10")).send().bodyAsBytes()).isEqualTo(pattern(0, 10));
        assertThat(clientAddresses).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aSubscriberThatStopsAskingStopsTheServer(Protocol protocol) throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(protocol);
        long total = 256L * 1024 * 1024;
        StreamedResponse response = client.get(url(server, "/stream?total=" + total)).executeStreamed()
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        RecordingSubscriber subscriber = new RecordingSubscriber();
        response.body().subscribe(subscriber);
        subscriber.request(1);
        await(() -> subscriber.received.get() > 0, "the first chunk");

        awaitStable(written);
        // what the server got rid of is bounded by socket buffers and windows, not by the body's size
        assertThat(written.get()).isLessThan(total / 4);
        assertThat(subscriber.completed).isNotDone();

        subscriber.request(Long.MAX_VALUE);
        subscriber.completed.get(60, TimeUnit.SECONDS);
        assertThat(subscriber.received.get()).isEqualTo(total);
        assertThat(written.get()).isEqualTo(total);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void closingBeforeTheEndGivesUpTheExchangeAndTheClientGoesOn(Protocol protocol) throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(protocol);
        StreamedResponse response = client.get(url(server, "/stream?total=" + 64L * 1024 * 1024)).sendStreamed();
        InputStream body = response.bodyAsInputStream();
        assertThat(body.readNBytes(100_000)).isEqualTo(pattern(0, 100_000));
        body.close();

        assertThat(client.get(url(server, "/stream?total=1000")).send().bodyAsBytes()).isEqualTo(pattern(0, 1000));
        if (protocol == Protocol.H2C) {
            // only the stream was reset: the connection carries the next call
            assertThat(clientAddresses).hasSize(1);
        } else {
            assertThat(clientAddresses).hasSize(2);
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aPausedSubscriberIsNotAReadTimeoutButASilentServerIs(Protocol protocol) throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).protocol(protocol.client)
                .readTimeout(Duration.ofMillis(300))));

        StreamedResponse paused = client.get(url(server, "/stream?total=200000")).sendStreamed();
        Thread.sleep(1000); // three read timeouts without asking for anything
        assertThat(paused.bodyAsBytes()).isEqualTo(pattern(0, 200_000));

        StreamedResponse stalled = client.get(url(server, "/stall")).sendStreamed();
        InputStream body = stalled.bodyAsInputStream();
        assertThat(body.readNBytes(CHUNK)).isEqualTo(pattern(0, CHUNK));
        assertThatThrownBy(body::read).isInstanceOf(IOException.class)
                .hasCauseInstanceOf(ClientReadTimeoutException.class);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void wholeBodyMethodsReadTheRestIntoMemory(Protocol protocol) throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(protocol);
        StreamedResponse response = client.get(url(server, "/stream?checksum&total=300000")).sendStreamed();
        assertThat(response.bodyAsBytes()).isEqualTo(pattern(0, 300_000));
        assertThat(response.bodyAsBytes()).hasSize(300_000); // read once, kept
        assertThat(response.trailers().first("x-checksum").orElse(null)).isEqualTo(checksum(300_000));
    }

    @Test
    void wholeBodyMethodsRefuseToBlockTheEventLoop() {
        // the response is held back until the callback is attached, so that it runs on the event loop that completes
        // the call rather than on this thread
        CompletableFuture<Void> gate = new CompletableFuture<>();
        HttpServer server = server(request -> gate.thenRun(() -> request.response().send("x".repeat(1000))));
        BriskClient client = client(Protocol.HTTP_1_1);
        CompletableFuture<String> text = client.get(url(server, "/gated")).executeStreamed()
                .thenApply(response -> {
                    try (response) {
                        return response.bodyAsString();
                    }
                }).toCompletableFuture();
        gate.complete(null);
        assertThat(failure(text)).isInstanceOf(IllegalStateException.class).hasMessageContaining("event loop");
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void theConnectionCountsAsActiveUntilTheBodyEnds(Protocol protocol) throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(protocol);
        StreamedResponse response = client.get(url(server, "/stream?total=" + 8L * 1024 * 1024)).sendStreamed();
        assertThat(client.poolStats()).singleElement().satisfies(stats -> assertThat(stats.active()).isEqualTo(1));
        try (InputStream body = response.bodyAsInputStream()) {
            assertThat(body.transferTo(OutputStream.nullOutputStream())).isEqualTo(8L * 1024 * 1024);
        }
        await(() -> client.poolStats().get(0).active() == 0, "the lease to end");
    }

    @Test
    void aBodyHasOneSubscriber() throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(Protocol.HTTP_1_1);
        try (StreamedResponse response = client.get(url(server, "/stream?total=1000")).sendStreamed()) {
            RecordingSubscriber first = new RecordingSubscriber();
            RecordingSubscriber second = new RecordingSubscriber();
            response.body().subscribe(first);
            response.body().subscribe(second);
            assertThat(failure(second.completed)).isInstanceOf(IllegalStateException.class);
            first.request(Long.MAX_VALUE);
            first.completed.get(10, TimeUnit.SECONDS);
            assertThat(first.received.get()).isEqualTo(1000);
        }
    }

    @Test
    void redirectsAreFollowedBeforeStreaming() throws Exception {
        HttpServer server = streamingServer();
        BriskClient client = client(Protocol.HTTP_1_1);
        try (StreamedResponse response = client.get(url(server, "/redirect")).sendStreamed()) {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.uri()).isEqualTo(URI.create(url(server, "/stream?total=100000")));
            assertThat(response.bodyAsInputStream().readAllBytes()).isEqualTo(pattern(0, 100_000));
        }
    }

    @Test
    void aServerThatClosesMidBodyFailsTheSubscriber() throws Exception {
        try (RawServer raw = new RawServer((request, socket, out) -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n").getBytes());
            out.write(new byte[1000]);
            out.flush();
            return false;
        })) {
            BriskClient client = client(Protocol.HTTP_1_1);
            StreamedResponse response = client.get(raw.url("/")).sendStreamed();
            RecordingSubscriber subscriber = new RecordingSubscriber();
            response.body().subscribe(subscriber);
            subscriber.request(Long.MAX_VALUE);
            assertThat(failure(subscriber.completed)).isInstanceOf(ConnectionClosedException.class);
            assertThat(subscriber.received.get()).isLessThan(100_000);
        }
    }

    @Test
    void interceptorAnswersAreStreamedFromMemory() throws Exception {
        BriskClient client = client(clientBuilder().interceptor(chain -> CompletableFuture.completedFuture(
                new FixedResponse(chain.request(), "from the interceptor"))));
        try (StreamedResponse response = client.get("http://127.0.0.1:1/never").sendStreamed()) {
            assertThat(new String(response.bodyAsInputStream().readAllBytes())).isEqualTo("from the interceptor");
        }
    }

    @Test
    void cancellingTheStageBeforeTheHeadReleasesTheCall() throws Exception {
        HttpServer server = server(request -> {
            clientAddresses.add(request.remoteAddress());
            // answers only /ok; other requests wait forever
            if (request.path().equals("/ok")) {
                request.response().send("ok");
            }
        });
        BriskClient client = client(clientBuilder().options(o -> o.ioThreads(1).maxConnectionsPerHost(1)));
        CompletableFuture<StreamedResponse> pending = client.get(url(server, "/hang")).executeStreamed()
                .toCompletableFuture();
        await(() -> clientAddresses.size() == 1, "the request to reach the server");
        pending.cancel(true);
        // the only connection slot is free again
        assertThat(client.get(url(server, "/ok")).send().bodyAsString()).isEqualTo("ok");
    }

    /** Waits until {@code counter} stops moving for a while (bounded). */
    private static void awaitStable(AtomicLong counter) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long last = -1;
        int stableRounds = 0;
        while (stableRounds < 5 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            long now = counter.get();
            stableRounds = now == last ? stableRounds + 1 : 0;
            last = now;
        }
    }

    /** Counts bytes; demand is given by the test. */
    static final class RecordingSubscriber implements Flow.Subscriber<ByteBuffer> {
        final AtomicLong received = new AtomicLong();
        final CompletableFuture<Void> completed = new CompletableFuture<>();
        final AtomicReference<Flow.Subscription> subscription = new AtomicReference<>();
        final List<Long> pendingRequests = new CopyOnWriteArrayList<>();

        // both under the subscriber's lock: a request made while the subscription arrives on another thread would
        // otherwise be left among the pending ones after onSubscribe had passed them on
        @Override
        public synchronized void onSubscribe(Flow.Subscription s) {
            subscription.set(s);
            pendingRequests.forEach(s::request);
        }

        synchronized void request(long n) {
            Flow.Subscription s = subscription.get();
            if (s == null) {
                pendingRequests.add(n);
            } else {
                s.request(n);
            }
        }

        @Override
        public void onNext(ByteBuffer item) {
            received.addAndGet(item.remaining());
        }

        @Override
        public void onError(Throwable throwable) {
            completed.completeExceptionally(throwable);
        }

        @Override
        public void onComplete() {
            completed.complete(null);
        }
    }

    /** A response made up by an interceptor. */
    private record FixedResponse(HttpRequest request, String text) implements HttpResponse {
        @Override
        public int status() {
            return 200;
        }

        @Override
        public dev.brisk.http.common.Protocol protocol() {
            return dev.brisk.http.common.Protocol.HTTP_1_1;
        }

        @Override
        public Headers headers() {
            return Headers.empty();
        }

        @Override
        public URI uri() {
            return request.uri();
        }

        @Override
        public byte[] bodyAsBytes() {
            return text.getBytes();
        }

        @Override
        public String bodyAsString() {
            return text;
        }

        @Override
        public <T> T bodyAs(Class<T> type) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> T bodyAs(TypeRef<T> type) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Object bodyAs(Type type) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Headers trailers() {
            return Headers.empty();
        }
    }
}
