package dev.brisk.client;

import dev.brisk.http.testing.ReliabilityReport;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2StreamFrame;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import java.util.concurrent.TimeoutException;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * GOAWAY while several streams of one HTTP/2 connection are in flight. The server takes {@value #BURST} POSTs, then
 * sends GOAWAY naming the {@value #PROCESSED}rd lowest stream as the last one it processes. Streams up to it belong
 * to the server and end as it ends them; streams above it were never processed, fail with
 * {@link StreamRefusedException} and, by the default policy, are sent once more on a new connection, POST or not.
 */
@Timeout(20)
class H2GoAwayTest extends ClientTestSupport {

    private static final String AREA = "client failures";
    private static final int BURST = 6;
    private static final int PROCESSED = 3;

    /** Every complete request the server received, as "connection body". */
    private final List<String> received = new CopyOnWriteArrayList<>();
    private volatile int lastStreamId;

    /** Connection 1 sends GOAWAY after the burst, then answers the processed streams or just closes. */
    private H2FrameServer server(boolean answerProcessed) throws InterruptedException {
        return closeLater(new H2FrameServer(connection -> new Handler(connection, answerProcessed)));
    }

    private BriskClient h2Client(RetryPolicy policy) {
        return client(clientBuilder().options(o -> o.ioThreads(1).protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE)
                .retryPolicy(policy)));
    }

    /** {@value #BURST} POSTs at once: they wait for the first connection and share it. */
    private static List<CompletableFuture<HttpResponse>> burst(BriskClient client, H2FrameServer server) {
        List<CompletableFuture<HttpResponse>> calls = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            calls.add(client.post(server.url("/orders")).body("body-" + i).execute().toCompletableFuture());
        }
        return calls;
    }

    /** The response body, or the failure, of each call; none may take longer than 10 s. */
    private static List<Object> outcomes(List<CompletableFuture<HttpResponse>> calls) throws InterruptedException {
        List<Object> outcomes = new ArrayList<>();
        for (CompletableFuture<HttpResponse> call : calls) {
            try {
                outcomes.add(call.get(10, TimeUnit.SECONDS).bodyAsString());
            } catch (ExecutionException e) {
                outcomes.add(e.getCause());
            } catch (TimeoutException e) {
                throw new AssertionError("a call hung after GOAWAY", e);
            }
        }
        return outcomes;
    }

    private long receivedCount(String connectionAndBody) {
        return received.stream().filter(connectionAndBody::equals).count();
    }

    @Test
    void streamsAboveTheLastStreamIdAreRetriedOnANewConnection() throws Exception {
        H2FrameServer server = server(true);
        BriskClient client = h2Client(RetryPolicy.DEFAULT);

        long start = System.nanoTime();
        List<Object> outcomes = outcomes(burst(client, server));
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();

        int onFirst = 0;
        for (int i = 0; i < BURST; i++) {
            String body = "body-" + i;
            assertThat(outcomes.get(i)).isInstanceOf(String.class);
            String answer = (String) outcomes.get(i);
            if (answer.equals("connection 1: " + body)) {
                onFirst++;
                assertThat(receivedCount("1 " + body)).isEqualTo(1);
                assertThat(receivedCount("2 " + body)).isZero();
            } else {
                assertThat(answer).isEqualTo("connection 2: " + body); // refused on 1, then sent once more
                assertThat(receivedCount("1 " + body)).isEqualTo(1);
                assertThat(receivedCount("2 " + body)).isEqualTo(1);
            }
        }
        assertThat(onFirst).isEqualTo(PROCESSED);
        assertThat(server.connections()).isEqualTo(2);
        await(() -> server.closedConnections() == 1, "the connection that got GOAWAY to close once drained");
        ReliabilityReport.record(AREA, "H2GoAwayTest.streamsAboveTheLastStreamIdAreRetriedOnANewConnection",
                "after GOAWAY with 6 POST streams in flight, the streams up to last-stream-id complete on the old "
                        + "connection and those above are sent once more on a new one; the old connection closes",
                "last-stream-id " + lastStreamId + ": " + PROCESSED + " answered on connection 1, "
                        + (BURST - PROCESSED) + " refused and answered on connection 2, all " + BURST
                        + " done in " + millis + " ms");
    }

    @Test
    void withoutRetriesStreamsAboveTheLastStreamIdFailAsRefused() throws Exception {
        H2FrameServer server = server(true);
        BriskClient client = h2Client(RetryPolicy.NONE);

        long start = System.nanoTime();
        List<Object> outcomes = outcomes(burst(client, server));
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();

        List<Object> answered = outcomes.stream().filter(String.class::isInstance).toList();
        List<Object> refused = outcomes.stream().filter(StreamRefusedException.class::isInstance).toList();
        assertThat(answered).hasSize(PROCESSED).allSatisfy(a -> assertThat((String) a).startsWith("connection 1: "));
        assertThat(refused).hasSize(BURST - PROCESSED).allSatisfy(failure -> {
            assertThat((Throwable) failure).hasMessageContaining("GOAWAY with last-stream-id " + lastStreamId);
            assertThat(((HttpClientException) failure).requestSent()).isFalse();
            assertThat(RetryPolicy.isSafeToRetry(client.post(server.url("/orders")).build(), (Throwable) failure))
                    .isTrue();
        });
        assertThat(server.connections()).isEqualTo(1);
        ReliabilityReport.record(AREA, "H2GoAwayTest.withoutRetriesStreamsAboveTheLastStreamIdFailAsRefused",
                "with retries off, the streams above a GOAWAY's last-stream-id fail with the retryable "
                        + "StreamRefusedException (request not sent) and the others complete; nothing hangs",
                "last-stream-id " + lastStreamId + ": " + answered.size() + " answered, " + refused.size() + " x "
                        + "StreamRefusedException (\"" + ((Throwable) refused.get(0)).getMessage() + "\"), in "
                        + millis + " ms");
    }

    @Test
    void processedStreamsLostWithTheConnectionAreNotRetriedButRefusedOnesAre() throws Exception {
        H2FrameServer server = server(false); // GOAWAY, then the connection closes with nothing answered
        BriskClient client = h2Client(RetryPolicy.DEFAULT);

        long start = System.nanoTime();
        List<Object> outcomes = outcomes(burst(client, server));
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();

        int lost = 0;
        for (int i = 0; i < BURST; i++) {
            String body = "body-" + i;
            if (outcomes.get(i) instanceof ConnectionClosedException closed) {
                lost++; // the server may have acted on it: a POST is not sent again
                assertThat(closed.responseStarted()).isFalse();
                assertThat(receivedCount("1 " + body)).isEqualTo(1);
                assertThat(receivedCount("2 " + body)).isZero();
            } else {
                assertThat(outcomes.get(i)).isEqualTo("connection 2: " + body);
            }
        }
        assertThat(lost).isEqualTo(PROCESSED);
        assertThat(server.connections()).isEqualTo(2);
        ReliabilityReport.record(AREA,
                "H2GoAwayTest.processedStreamsLostWithTheConnectionAreNotRetriedButRefusedOnesAre",
                "when the connection closes right after GOAWAY, the POSTs up to last-stream-id fail with "
                        + "ConnectionClosedException and are not repeated, those above are retried and succeed",
                "last-stream-id " + lastStreamId + ": " + lost + " x ConnectionClosedException, "
                        + (BURST - lost) + " retried and answered on connection 2, in " + millis + " ms");
    }

    /** Collects each request's body; connection 1 misbehaves once the burst is in, later ones answer at once. */
    private final class Handler extends ChannelInboundHandlerAdapter {
        private final int connection;
        private final boolean answerProcessed;
        private final Map<Integer, StringBuilder> bodies = new HashMap<>();
        private final TreeMap<Integer, Http2FrameStream> complete = new TreeMap<>();

        Handler(int connection, boolean answerProcessed) {
            this.connection = connection;
            this.answerProcessed = answerProcessed;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame headers) {
                    bodies.put(headers.stream().id(), new StringBuilder());
                    if (headers.isEndStream()) {
                        onRequest(ctx, headers);
                    }
                } else if (msg instanceof Http2DataFrame data) {
                    bodies.get(data.stream().id()).append(data.content().toString(StandardCharsets.UTF_8));
                    if (data.isEndStream()) {
                        onRequest(ctx, data);
                    }
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private void onRequest(ChannelHandlerContext ctx, Http2StreamFrame frame) {
            Http2FrameStream stream = frame.stream();
            received.add(connection + " " + bodies.get(stream.id()));
            if (connection > 1) {
                H2FrameServer.respond(ctx, stream, "connection " + connection + ": " + bodies.get(stream.id()));
                return;
            }
            complete.put(stream.id(), stream);
            if (complete.size() < BURST) {
                return;
            }
            int last = new ArrayList<>(complete.keySet()).get(PROCESSED - 1);
            lastStreamId = last;
            Http2FrameCodec codec = ctx.pipeline().get(Http2FrameCodec.class);
            codec.goAway(ctx.pipeline().context(codec), last, Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER,
                    ctx.newPromise());
            ctx.flush();
            if (!answerProcessed) {
                ctx.close();
                return;
            }
            for (Http2FrameStream processed : complete.headMap(last, true).values()) {
                H2FrameServer.respond(ctx, processed, "connection 1: " + bodies.get(processed.id()));
            }
        }
    }
}
