package dev.brisk.http.internal.http2;

import dev.brisk.http.Http2Options;
import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.internal.DrainEvent;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2Frames.Frame;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static dev.brisk.http.testing.H2Frames.DATA;
import static dev.brisk.http.testing.H2Frames.FLAG_ACK;
import static dev.brisk.http.testing.H2Frames.GOAWAY;
import static dev.brisk.http.testing.H2Frames.HEADERS;
import static dev.brisk.http.testing.H2Frames.PING;
import static dev.brisk.http.testing.H2Frames.RST_STREAM;
import static dev.brisk.http.testing.H2Frames.SETTINGS;
import static dev.brisk.http.testing.H2Frames.WINDOW_UPDATE;
import static dev.brisk.http.testing.H2Frames.request;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Codec-level tests of the server's HTTP/2 connection (h2c by prior knowledge) through an {@link EmbeddedChannel}: the
 * connection is set up as the server does once it saw the client preface, frames are encoded here and written into
 * the channel, and what the server writes is decoded frame by frame, so each test asserts on the exact frames. Time
 * is frozen: timers fire only when a test advances it.
 */
class Http2ServerConnectionTest {

    private final H2Frames frames = new H2Frames();
    private final ByteBuf written = Unpooled.buffer();
    /** Requests the handler received, in order. */
    private final List<ServerRequest> requests = new ArrayList<>();
    private EmbeddedChannel channel;

    /** Answers at once: a body is echoed, a request without one gets {@code path <path>}. */
    private final HttpHandler echo = request -> {
        requests.add(request);
        answer(request);
    };

    /** Keeps each request for the test to {@link #answer} later. */
    private final HttpHandler holding = requests::add;

    @AfterEach
    void close() {
        written.release();
        if (channel != null) {
            // not channel.close(): EmbeddedChannel cancels the timer that ends a graceful close with streams open
            channel.pipeline().close();
            channel.advanceTimeBy(1, TimeUnit.HOURS);
            channel.runPendingTasks();
            boolean closed = !channel.isOpen();
            channel.finishAndReleaseAll();
            assertThat(closed).as("closed once the shutdown timeout passed").isTrue();
        }
    }

    // ---- set-up -----------------------------------------------------------------------------------------------

    private static void answer(ServerRequest request) {
        if (request.body().isReadable()) {
            request.response().send(request.body().retain());
        } else {
            request.response().send("path " + request.path());
        }
    }

    /**
     * A connection after the client's preface and empty SETTINGS arrived in one read, as the server builds it for h2c
     * prior knowledge; returns the frames the server wrote in answer.
     */
    private List<Frame> open(Consumer<HttpServer.Builder> options, HttpHandler handler) {
        HttpServer.Builder builder = HttpServer.builder().port(0).handler(handler);
        options.accept(builder);
        ServerContext context = new ServerContext(builder.options(), handler, null);
        channel = new EmbeddedChannel();
        channel.freezeTime();
        channel.pipeline().addLast(Http2ServerConnection.create(context, false));
        ByteBuf preface = Http2CodecUtil.connectionPrefaceBuf();
        byte[] prefaceBytes = ByteBufUtil.getBytes(preface);
        preface.release();
        send(prefaceBytes, H2Frames.settings(Map.of()));
        return read();
    }

    /** A connection whose client also acknowledged the server's SETTINGS; the server's first frames are dropped. */
    private void openAcked(Consumer<HttpServer.Builder> options, HttpHandler handler) {
        open(options, handler);
        send(H2Frames.settingsAck());
        assertThat(read()).isEmpty();
    }

    /** Writes {@code frames} into the channel as one read, in a buffer from the channel's (leak-tracked) allocator. */
    private void send(byte[]... frames) {
        assertThat(channel.isOpen()).as("connection open").isTrue();
        ByteBuf in = channel.alloc().buffer();
        for (byte[] frame : frames) {
            in.writeBytes(frame);
        }
        channel.writeInbound(in);
    }

    private byte[] headers(int streamId, Http2Headers headers, boolean endStream) {
        try {
            return frames.headers(streamId, headers, endStream);
        } catch (Http2Exception e) {
            throw new AssertionError(e);
        }
    }

    private byte[] get(int streamId, String path) {
        return headers(streamId, request("GET", path), true);
    }

    /** The frames the server wrote since the last call. */
    private List<Frame> read() {
        Object message;
        while ((message = channel.readOutbound()) != null) {
            ByteBuf buf = (ByteBuf) message;
            written.writeBytes(buf);
            buf.release();
        }
        List<Frame> result = new ArrayList<>();
        try {
            Frame frame;
            while ((frame = frames.decode(written)) != null) {
                result.add(frame);
            }
        } catch (Http2Exception e) {
            throw new AssertionError(e);
        }
        written.discardReadBytes();
        return result;
    }

    /** Each frame in one line: type, stream, flags and what matters of its payload. */
    private static List<String> summaries(List<Frame> frames) {
        return frames.stream().map(Http2ServerConnectionTest::summary).toList();
    }

    private static String summary(Frame frame) {
        String end = frame.endStream() && (frame.type() == HEADERS || frame.type() == DATA) ? " END_STREAM" : "";
        return switch (frame.type()) {
            case HEADERS -> "HEADERS " + frame.streamId() + end + " :status=" + frame.status();
            case DATA -> "DATA " + frame.streamId() + end + " " + frame.text();
            case RST_STREAM -> "RST_STREAM " + frame.streamId() + " " + Http2Error.valueOf(frame.errorCode());
            case SETTINGS -> frame.has(FLAG_ACK) ? "SETTINGS ACK" : "SETTINGS " + frame.settings();
            case PING -> "PING" + (frame.has(FLAG_ACK) ? " ACK " : " ") + ByteBufUtil.hexDump(frame.payload());
            case GOAWAY -> "GOAWAY last=" + frame.lastStreamId() + " " + Http2Error.valueOf(frame.errorCode());
            case WINDOW_UPDATE -> "WINDOW_UPDATE " + frame.streamId() + " +" + frame.windowIncrement();
            default -> "type " + frame.type() + " on " + frame.streamId();
        };
    }

    private List<String> paths() {
        return requests.stream().map(ServerRequest::path).toList();
    }

    // ---- connection set-up ------------------------------------------------------------------------------------

    @Test
    void sendsItsSettingsFirstThenAcknowledgesTheClients() {
        Http2Options http2 = Http2Options.builder().maxConcurrentStreams(7).maxHeaderListSize(4000)
                .maxFrameSize(20000).initialWindowSize(100_000).build();
        List<Frame> out = open(b -> b.options(o -> o.http2(http2)), echo);

        assertThat(out).hasSize(3);
        Frame settings = out.get(0);
        assertThat(settings.type()).isEqualTo(SETTINGS);
        assertThat(settings.has(FLAG_ACK)).isFalse();
        assertThat(settings.streamId()).isZero();
        assertThat(settings.settings()).containsExactlyInAnyOrderEntriesOf(Map.of(
                (int) Http2CodecUtil.SETTINGS_MAX_CONCURRENT_STREAMS, 7L,
                (int) Http2CodecUtil.SETTINGS_MAX_HEADER_LIST_SIZE, 4000L,
                (int) Http2CodecUtil.SETTINGS_MAX_FRAME_SIZE, 20000L,
                (int) Http2CodecUtil.SETTINGS_INITIAL_WINDOW_SIZE, 100_000L));
        // the connection window widened to four stream windows, then the client's SETTINGS acknowledged
        assertThat(summaries(out.subList(1, 3))).containsExactly("WINDOW_UPDATE 0 +" + (4 * 100_000 - 65_535),
                "SETTINGS ACK");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void pingIsAnsweredWithAck() {
        openAcked(b -> { }, echo);
        byte[] opaque = {1, 2, 3, 4, 5, 6, 7, 8};
        send(H2Frames.ping(false, opaque));
        assertThat(summaries(read())).containsExactly("PING ACK 0102030405060708");
    }

    // ---- requests ---------------------------------------------------------------------------------------------

    @Test
    void getIsAnsweredWithHeadersAndData() {
        openAcked(b -> { }, echo);
        send(get(1, "/hello"));

        List<Frame> out = read();
        assertThat(summaries(out)).containsExactly("HEADERS 1 :status=200", "DATA 1 END_STREAM path /hello");
        Http2Headers head = out.get(0).headers();
        assertThat(head.get("content-length")).hasToString("11");
        assertThat(head.get("date")).isNotNull();
        assertThat(head.names()).allMatch(name -> name.charAt(0) != ':' || name.toString().equals(":status"));
        assertThat(paths()).containsExactly("/hello");
    }

    @Test
    void bodySplitOverDataFramesIsAggregatedAndEchoed() {
        openAcked(b -> { }, echo);
        Http2Headers head = request("POST", "/upload").add("content-length", "11");
        send(headers(1, head, false), H2Frames.data(1, "hel", false));
        send(H2Frames.data(1, "lo ", false));
        assertThat(read()).isEmpty();
        assertThat(requests).isEmpty();

        send(H2Frames.data(1, "world", true));
        List<Frame> out = read();
        assertThat(summaries(out)).containsExactly("HEADERS 1 :status=200", "DATA 1 END_STREAM hello world");
        assertThat(out.get(0).headers().get("content-length")).hasToString("11");
        assertThat(requests).singleElement().satisfies(request -> assertThat(request.contentLength()).isEqualTo(11));
    }

    @Test
    void interleavedStreamsAreAnsweredIndependently() {
        openAcked(b -> { }, echo);
        send(headers(1, request("POST", "/one"), false), headers(3, request("POST", "/three"), false),
                H2Frames.data(3, "3a", false), H2Frames.data(1, "1a", false));
        assertThat(read()).isEmpty();

        send(H2Frames.data(3, "3b", true));
        assertThat(summaries(read())).containsExactly("HEADERS 3 :status=200", "DATA 3 END_STREAM 3a3b");

        send(H2Frames.data(1, "1b", false), get(5, "/five"));
        assertThat(summaries(read())).containsExactly("HEADERS 5 :status=200", "DATA 5 END_STREAM path /five");

        send(H2Frames.data(1, "1c", true));
        assertThat(summaries(read())).containsExactly("HEADERS 1 :status=200", "DATA 1 END_STREAM 1a1b1c");
        assertThat(paths()).containsExactly("/three", "/five", "/one");
    }

    @Test
    void heldResponsesAreWrittenInTheOrderTheyAreSent() {
        openAcked(b -> { }, holding);
        send(get(1, "/one"), get(3, "/three"));
        assertThat(read()).isEmpty();
        assertThat(paths()).containsExactly("/one", "/three");

        answer(requests.get(1));
        assertThat(summaries(read())).containsExactly("HEADERS 3 :status=200", "DATA 3 END_STREAM path /three");
        answer(requests.get(0));
        assertThat(summaries(read())).containsExactly("HEADERS 1 :status=200", "DATA 1 END_STREAM path /one");
    }

    // ---- malformed requests -----------------------------------------------------------------------------------

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("method that is not a token", (Consumer<Http2Headers>) h -> h.method("G ET")),
                Arguments.of("missing :path", (Consumer<Http2Headers>) h -> h.remove(":path")),
                Arguments.of("CR in a value", (Consumer<Http2Headers>) h -> h.add("x-a", "a\rb")),
                Arguments.of("LF in a value", (Consumer<Http2Headers>) h -> h.add("x-a", "a\nb")),
                Arguments.of("host disagreeing with :authority",
                        (Consumer<Http2Headers>) h -> h.add("host", "other.example")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedRequestIsResetWhileOtherStreamsComplete(String name, Consumer<Http2Headers> change) {
        openAcked(b -> { }, holding);
        Http2Headers bad = request("GET", "/bad");
        change.accept(bad);
        send(get(1, "/before"), headers(3, bad, true), get(5, "/after"));

        assertThat(summaries(read())).containsExactly("RST_STREAM 3 PROTOCOL_ERROR");
        assertThat(paths()).containsExactly("/before", "/after");
        answer(requests.get(0));
        answer(requests.get(1));
        assertThat(summaries(read())).containsExactly(
                "HEADERS 1 :status=200", "DATA 1 END_STREAM path /before",
                "HEADERS 5 :status=200", "DATA 5 END_STREAM path /after");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void dataBeyondTheDeclaredContentLengthResetsTheStream() {
        openAcked(b -> { }, echo);
        Http2Headers head = request("POST", "/short").add("content-length", "3");
        send(headers(1, head, false), H2Frames.data(1, "abcd", true));

        assertThat(summaries(read())).containsExactly("RST_STREAM 1 PROTOCOL_ERROR");
        assertThat(requests).isEmpty();
        send(get(3, "/after"));
        assertThat(summaries(read())).containsExactly("HEADERS 3 :status=200", "DATA 3 END_STREAM path /after");
    }

    // ---- limits and timers ------------------------------------------------------------------------------------

    @Test
    void streamsBeyondTheLimitAreRefusedBeforeTheClientAcknowledgesSettings() {
        open(b -> b.options(o -> o.http2(Http2Options.builder().maxConcurrentStreams(2).build())), holding);
        send(get(1, "/one"), get(3, "/three"), get(5, "/five"));

        assertThat(summaries(read())).containsExactly("RST_STREAM 5 REFUSED_STREAM");
        assertThat(paths()).containsExactly("/one", "/three");

        answer(requests.get(0));
        send(get(7, "/seven"));
        assertThat(summaries(read())).containsExactly("HEADERS 1 :status=200", "DATA 1 END_STREAM path /one");
        assertThat(paths()).containsExactly("/one", "/three", "/seven");
    }

    @Test
    void unacknowledgedSettingsGetGoawaySettingsTimeout() {
        List<Frame> first = open(b -> b.options(o -> o.settingsAckTimeout(Duration.ofSeconds(1))), echo);
        assertThat(first).extracting(Frame::type).containsExactly(SETTINGS, WINDOW_UPDATE, SETTINGS);

        advance(Duration.ofMillis(500));
        assertThat(read()).isEmpty();
        assertThat(channel.isOpen()).isTrue();

        advance(Duration.ofMillis(1000));
        // a connection error is a hard shutdown to Netty: the GOAWAY names the highest stream id there can be
        assertThat(summaries(read())).containsExactly("GOAWAY last=2147483647 SETTINGS_TIMEOUT");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void acknowledgedSettingsKeepTheConnectionOpen() {
        openAcked(b -> b.options(o -> o.settingsAckTimeout(Duration.ofSeconds(1))), echo);
        advance(Duration.ofMillis(1500));
        assertThat(read()).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    /** Advances the frozen clock in steps of 50 ms, running the timers due at each step. */
    private void advance(Duration duration) {
        for (long done = 0; done < duration.toMillis(); done += 50) {
            channel.advanceTimeBy(50, TimeUnit.MILLISECONDS);
            channel.runPendingTasks();
        }
    }

    // ---- rejected requests and resets --------------------------------------------------------------------------

    @Test
    void uploadOverTheBodyLimitIsAnswered413BeforeItsStreamIsReset() {
        openAcked(b -> b.options(o -> o.limits(l -> l.maxBodySize(4))), echo);
        send(headers(1, request("POST", "/big"), false), H2Frames.data(1, "abc", false),
                H2Frames.data(1, "def", false));

        // RST_STREAM last: no frame of a stream may follow it
        assertThat(summaries(read())).containsExactly("HEADERS 1 :status=413",
                "DATA 1 END_STREAM request body larger than 4 bytes", "RST_STREAM 1 CANCEL");
        assertThat(requests).isEmpty();
        send(get(3, "/after"));
        assertThat(summaries(read())).containsExactly("HEADERS 3 :status=200", "DATA 3 END_STREAM path /after");
    }

    @Test
    void handlerFailingMidResponseResetsTheStreamAfterWhatItWrote() {
        openAcked(b -> { }, request -> {
            request.response().write("part".getBytes(StandardCharsets.UTF_8));
            throw new IllegalStateException("fails after the response was committed");
        });
        send(get(1, "/fails"));
        assertThat(summaries(read())).containsExactly("HEADERS 1 :status=200", "DATA 1 part",
                "RST_STREAM 1 INTERNAL_ERROR");
    }

    @Test
    void dataStillInFlightAfterTheServerResetAStreamIsIgnored() {
        openAcked(b -> b.options(o -> o.limits(l -> l.maxBodySize(4))), echo);
        send(headers(1, request("POST", "/big"), false), H2Frames.data(1, "abcdef", false));
        assertThat(read()).extracting(Frame::type).containsExactlyInAnyOrder(HEADERS, DATA, RST_STREAM);

        // what the client sent before it saw the reset: more frames than the 200 resets in 30 s Netty lets a server send
        byte[][] inFlight = new byte[250][];
        Arrays.fill(inFlight, H2Frames.data(1, "x", false));
        send(inFlight);
        send(H2Frames.data(1, "x", true));

        assertThat(summaries(read())).isEmpty();
        send(get(3, "/after"));
        assertThat(summaries(read())).containsExactly("HEADERS 3 :status=200", "DATA 3 END_STREAM path /after");
    }

    // ---- shutdown ---------------------------------------------------------------------------------------------

    @Test
    void closeSendsGoawayWithTheLastStreamId() {
        openAcked(b -> { }, echo);
        send(get(1, "/one"), get(3, "/three"));
        assertThat(read()).hasSize(4);

        channel.close();
        assertThat(summaries(read())).containsExactly("GOAWAY last=3 NO_ERROR");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void drainSendsGoawayAndClosesOnceTheStreamInFlightIsAnswered() {
        openAcked(b -> { }, holding);
        send(get(1, "/one"), get(3, "/three"));
        answer(requests.get(0));
        assertThat(read()).hasSize(2);

        channel.pipeline().fireUserEventTriggered(DrainEvent.INSTANCE);
        assertThat(summaries(read())).containsExactly("GOAWAY last=3 NO_ERROR");
        assertThat(channel.isOpen()).isTrue();

        send(get(5, "/five"));
        assertThat(summaries(read())).containsExactly("RST_STREAM 5 REFUSED_STREAM");
        assertThat(paths()).containsExactly("/one", "/three");

        answer(requests.get(1));
        assertThat(summaries(read())).containsExactly("HEADERS 3 :status=200", "DATA 3 END_STREAM path /three");
        assertThat(channel.isOpen()).isFalse();
    }
}
