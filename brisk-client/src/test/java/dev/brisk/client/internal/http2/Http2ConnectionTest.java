package dev.brisk.client.internal.http2;

import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.StreamRefusedException;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.ExclusiveConnection;
import dev.brisk.client.internal.pool.MultiplexedConnection;
import dev.brisk.client.internal.pool.PooledConnection;
import dev.brisk.client.internal.exchange.TestExchange;
import dev.brisk.client.internal.connect.Pipelines;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.common.WritableHeaders;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2GoAwayFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Frame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The HTTP/2 connection on an {@link EmbeddedChannel} with the client's real pipeline, against Netty's server frame
 * codec on a second embedded channel; bytes are moved between the two by hand, so every step is explicit. Checks the
 * frames a request becomes, the response assembled from frames, and RST_STREAM, GOAWAY and a closed connection.
 */
class Http2ConnectionTest {

    private final Owner owner = new Owner();
    private EmbeddedChannel client;
    private EmbeddedChannel server;
    private Http2Connection connection;

    /** Records what the connection tells its pool. */
    private static final class Owner implements ConnectionOwner {
        int streamsFreed;
        final List<MultiplexedConnection> goAways = new ArrayList<>();
        final List<PooledConnection> closed = new ArrayList<>();

        @Override
        public void release(ExclusiveConnection connection) {
            throw new AssertionError("an HTTP/2 connection is never released whole");
        }

        @Override
        public void streamFree(MultiplexedConnection connection) {
            streamsFreed++;
        }

        @Override
        public void goAway(MultiplexedConnection connection) {
            goAways.add(connection);
        }

        @Override
        public void closed(PooledConnection connection) {
            closed.add(connection);
        }
    }

    @BeforeEach
    void connect() {
        server = new EmbeddedChannel(Http2FrameCodecBuilder.forServer()
                .initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(2)).build());
        client = new EmbeddedChannel();
        connection = Pipelines.http2(client.pipeline(), TestExchange.SETTINGS, owner);
        pump();
        Http2Frame settings;
        while ((settings = server.readInbound()) != null) {
            ReferenceCountUtil.release(settings); // the client's SETTINGS and its acknowledgement of the server's
        }
    }

    @AfterEach
    void close() {
        client.finishAndReleaseAll();
        server.finishAndReleaseAll();
    }

    /** Moves bytes both ways until neither side has anything more to send. */
    private void pump() {
        boolean moved;
        do {
            moved = toServer() | toClient();
        } while (moved);
    }

    private boolean toServer() {
        client.runPendingTasks();
        boolean moved = false;
        for (Object bytes; (bytes = client.readOutbound()) != null; moved = true) {
            if (server.isOpen()) {
                server.writeInbound(bytes);
            } else {
                ReferenceCountUtil.release(bytes);
            }
        }
        return moved;
    }

    private boolean toClient() {
        server.runPendingTasks();
        boolean moved = false;
        for (Object bytes; (bytes = server.readOutbound()) != null; moved = true) {
            if (client.isOpen()) {
                client.writeInbound(bytes);
            } else {
                ReferenceCountUtil.release(bytes); // the client closed the connection
            }
        }
        client.runPendingTasks();
        return moved;
    }

    /** The next frame the server received, skipping connection-level SETTINGS. */
    private <T extends Http2Frame> T received(Class<T> type) {
        Object frame;
        while ((frame = server.readInbound()) instanceof Http2SettingsFrame) {
            ReferenceCountUtil.release(frame);
        }
        assertThat(frame).isInstanceOf(type);
        return type.cast(frame);
    }

    private void respond(Http2FrameStream stream, Http2Headers headers, String body) {
        server.writeOutbound(new DefaultHttp2HeadersFrame(headers, body == null).stream(stream));
        if (body != null) {
            server.writeOutbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), true)
                    .stream(stream));
        }
    }

    private static Throwable failure(TestExchange exchange) {
        assertThat(exchange.response()).isCompletedExceptionally();
        Throwable thrown = catchThrowable(() -> exchange.response().join());
        return thrown instanceof CompletionException ? thrown.getCause() : thrown;
    }

    @Test
    void theServersSettingsMakeTheConnectionReadyWithItsStreamLimit() {
        assertThat(connection.settingsReceived().isSuccess()).isTrue();
        assertThat(connection.hasCapacity()).isTrue();

        connection.open(TestExchange.get("/1"));
        connection.open(TestExchange.get("/2"));

        assertThat(connection.hasCapacity()).isFalse(); // the server allows two concurrent streams
    }

    @Test
    void aGetIsOneHeadersFrameWithThePseudoHeadersAndFieldsThatEndsTheStream() {
        connection.open(TestExchange.of(HttpMethod.GET, "/path?q=1", WritableHeaders.create().set("X-Trace", "t1"),
                null));
        pump();

        Http2HeadersFrame request = received(Http2HeadersFrame.class);
        assertThat(request.isEndStream()).isTrue();
        assertThat(request.stream().id()).isEqualTo(3); // stream 1 is the h2c upgrade's
        Http2Headers headers = request.headers();
        assertThat(headers.method()).hasToString("GET");
        assertThat(headers.path()).hasToString("/path?q=1");
        assertThat(headers.scheme()).hasToString("http");
        assertThat(headers.authority()).hasToString("example.test:8080");
        assertThat(headers.get("x-trace")).hasToString("t1");
        assertThat(headers.contains("host")).isFalse();
        ReferenceCountUtil.release(request);
    }

    @Test
    void aPostSendsItsBodyAsDataThatEndsTheStream() {
        connection.open(TestExchange.of(HttpMethod.POST, "/orders", WritableHeaders.create(), "{\"n\":1}"));
        pump();

        Http2HeadersFrame head = received(Http2HeadersFrame.class);
        Http2DataFrame data = received(Http2DataFrame.class);
        assertThat(head.isEndStream()).isFalse();
        assertThat(head.headers().get("content-length")).hasToString("7");
        assertThat(data.content().toString(StandardCharsets.UTF_8)).isEqualTo("{\"n\":1}");
        assertThat(data.isEndStream()).isTrue();
        data.release();
    }

    @Test
    void aResponseIsAssembledFromHeadersAndDataAndFreesTheStream() {
        TestExchange exchange = TestExchange.get("/");
        connection.open(exchange);
        pump();
        Http2HeadersFrame request = received(Http2HeadersFrame.class);

        respond(request.stream(), new DefaultHttp2Headers().status("201").add("x-reply", "yes")
                .add("content-type", "text/plain"), "hello");
        pump();

        HttpResponse response = exchange.response().join();
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(response.header("x-reply")).contains("yes");
        assertThat(response.headers().contains("x-http2-stream-id")).isFalse();
        assertThat(response.bodyAsString()).isEqualTo("hello");
        assertThat(owner.streamsFreed).isEqualTo(1);
        assertThat(connection.isIdle()).isTrue();
        assertThat(client.isOpen()).isTrue();
    }

    @Test
    void trailersAfterTheBodyAreKept() {
        TestExchange exchange = TestExchange.get("/");
        connection.open(exchange);
        pump();
        Http2FrameStream stream = received(Http2HeadersFrame.class).stream();

        server.writeOutbound(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200"), false)
                .stream(stream));
        server.writeOutbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("abc", StandardCharsets.UTF_8), false)
                .stream(stream));
        server.writeOutbound(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().add("x-sum", "3"), true)
                .stream(stream));
        pump();

        HttpResponse response = exchange.response().join();
        assertThat(response.bodyAsString()).isEqualTo("abc");
        assertThat(response.trailers().first("x-sum")).contains("3");
    }

    @Test
    void rstStreamRefusedFailsOnlyThatStreamAsRefused() {
        TestExchange refused = TestExchange.get("/refused");
        TestExchange other = TestExchange.get("/other");
        connection.open(refused);
        connection.open(other);
        pump();
        Http2FrameStream first = received(Http2HeadersFrame.class).stream();
        Http2FrameStream second = received(Http2HeadersFrame.class).stream();

        server.writeOutbound(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM).stream(first));
        respond(second, new DefaultHttp2Headers().status("200"), "fine");
        pump();

        assertThat(failure(refused)).isInstanceOf(StreamRefusedException.class)
                .hasMessageContaining("REFUSED_STREAM");
        assertThat(other.response().join().bodyAsString()).isEqualTo("fine");
        assertThat(client.isOpen()).isTrue();
        assertThat(connection.isIdle()).isTrue();
    }

    @Test
    void rstStreamAfterTheResponseStartedFailsTheStreamAsClosed() {
        TestExchange exchange = TestExchange.get("/");
        connection.open(exchange);
        pump();
        Http2FrameStream stream = received(Http2HeadersFrame.class).stream();

        server.writeOutbound(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200"), false)
                .stream(stream));
        server.writeOutbound(new DefaultHttp2ResetFrame(Http2Error.INTERNAL_ERROR).stream(stream));
        pump();

        Throwable failure = failure(exchange);
        assertThat(failure).isInstanceOf(ConnectionClosedException.class);
        assertThat(((ConnectionClosedException) failure).responseStarted()).isTrue();
        assertThat(client.isOpen()).isTrue(); // a stream error, not a connection error
    }

    @Test
    void goAwayRefusesStreamsAboveItsLastStreamIdAndTheConnectionTakesNoMore() {
        TestExchange unseen = TestExchange.get("/unseen");
        connection.open(unseen);
        client.runPendingTasks(); // written by the client, not yet read by the server

        server.writeOutbound(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
        toClient();

        assertThat(failure(unseen)).isInstanceOf(StreamRefusedException.class)
                .hasMessageContaining("GOAWAY with last-stream-id 0");
        assertThat(owner.goAways).containsExactly(connection);
        assertThat(connection.hasCapacity()).isFalse();
        assertThat(owner.closed).containsExactly(connection); // no stream left: the connection closes
    }

    @Test
    void goAwayLetsStreamsAtOrBelowItsLastStreamIdFinish() {
        TestExchange seen = TestExchange.get("/seen");
        connection.open(seen);
        pump();
        Http2FrameStream stream = received(Http2HeadersFrame.class).stream();

        server.writeOutbound(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
        toClient();
        assertThat(connection.hasCapacity()).isFalse();
        assertThat(seen.response()).isNotDone();

        respond(stream, new DefaultHttp2Headers().status("200"), "done");
        pump();

        assertThat(seen.response().join().bodyAsString()).isEqualTo("done");
        assertThat(owner.closed).containsExactly(connection); // the last stream ended after GOAWAY
    }

    @Test
    void aConnectionClosedInTheMiddleOfTheBodyFailsTheStreamAsStarted() {
        TestExchange exchange = TestExchange.get("/");
        connection.open(exchange);
        pump();
        Http2FrameStream stream = received(Http2HeadersFrame.class).stream();
        server.writeOutbound(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")
                .add("content-length", "10"), false).stream(stream));
        server.writeOutbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("only", StandardCharsets.UTF_8), false)
                .stream(stream));
        pump();

        client.close();
        client.runPendingTasks();

        Throwable failure = failure(exchange);
        assertThat(failure).isInstanceOf(ConnectionClosedException.class);
        assertThat(((ConnectionClosedException) failure).responseStarted()).isTrue();
        assertThat(owner.closed).containsExactly(connection);
    }

    @Test
    void aResponseWithoutStatusFailsTheStreamNamingTheHost() {
        TestExchange exchange = TestExchange.get("/");
        connection.open(exchange);
        pump();
        Http2FrameStream stream = received(Http2HeadersFrame.class).stream();

        respond(stream, new DefaultHttp2Headers().add("x-no-status", "1"), "body");
        pump();

        assertThat(failure(exchange)).isInstanceOf(HttpClientException.class)
                .hasMessageContaining("example.test:8080");
    }
}
