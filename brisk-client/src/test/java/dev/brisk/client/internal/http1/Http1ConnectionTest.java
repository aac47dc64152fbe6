package dev.brisk.client.internal.http1;

import dev.brisk.client.ConnectionClosedException;
import dev.brisk.client.HttpClientException;
import dev.brisk.client.HttpResponse;
import dev.brisk.client.ResponseTooLargeException;
import dev.brisk.client.internal.pool.ConnectionOwner;
import dev.brisk.client.internal.pool.ExclusiveConnection;
import dev.brisk.client.internal.pool.MultiplexedConnection;
import dev.brisk.client.internal.pool.PooledConnection;
import dev.brisk.client.internal.exchange.TestExchange;
import dev.brisk.client.internal.connect.Pipelines;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.common.WritableHeaders;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpMethod;
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
 * The HTTP/1.1 connection on an {@link EmbeddedChannel} with the client's real pipeline: the bytes a request becomes,
 * the response parsed from bytes, and what broken responses and closed connections turn into.
 */
class Http1ConnectionTest {

    private final Owner owner = new Owner();
    private EmbeddedChannel channel;
    private Http1Connection connection;

    /** Records what the connection tells its pool. */
    private static final class Owner implements ConnectionOwner {
        final List<ExclusiveConnection> released = new ArrayList<>();
        final List<PooledConnection> closed = new ArrayList<>();

        @Override
        public void release(ExclusiveConnection connection) {
            released.add(connection);
        }

        @Override
        public void streamFree(MultiplexedConnection connection) {
            throw new AssertionError("an HTTP/1.1 connection has no streams");
        }

        @Override
        public void goAway(MultiplexedConnection connection) {
            throw new AssertionError("an HTTP/1.1 connection gets no GOAWAY");
        }

        @Override
        public void closed(PooledConnection connection) {
            closed.add(connection);
        }
    }

    @BeforeEach
    void connect() {
        channel = new EmbeddedChannel();
        connection = Pipelines.http1(channel.pipeline(), TestExchange.SETTINGS, owner);
    }

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    /** Everything the connection wrote so far, as text. */
    private String written() {
        StringBuilder text = new StringBuilder();
        for (Object message; (message = channel.readOutbound()) != null; ) {
            ByteBuf bytes = (ByteBuf) message;
            text.append(bytes.toString(StandardCharsets.ISO_8859_1));
            bytes.release();
        }
        return text.toString();
    }

    private void receive(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
    }

    private TestExchange send(TestExchange exchange) {
        connection.send(exchange);
        return exchange;
    }

    private static Throwable failure(TestExchange exchange) {
        assertThat(exchange.response()).isCompletedExceptionally();
        Throwable thrown = catchThrowable(() -> exchange.response().join());
        return thrown instanceof CompletionException ? thrown.getCause() : thrown;
    }

    @Test
    void aGetIsWrittenAsItsRequestLineAndFieldsWithTheHost() {
        send(TestExchange.of(HttpMethod.GET, "/path?q=1", WritableHeaders.create().set("X-Trace", "t1"), null));

        assertThat(written()).isEqualTo("GET /path?q=1 HTTP/1.1\r\nX-Trace: t1\r\nhost: example.test:8080\r\n\r\n");
    }

    @Test
    void aPostCarriesItsLengthAndBody() {
        send(TestExchange.of(HttpMethod.POST, "/orders", WritableHeaders.create(), "{\"n\":1}"));

        assertThat(written()).isEqualTo("POST /orders HTTP/1.1\r\nhost: example.test:8080\r\ncontent-length: 7\r\n\r\n"
                + "{\"n\":1}");
    }

    @Test
    void aResponseIsParsedAndTheConnectionGoesBackToThePool() {
        TestExchange exchange = send(TestExchange.get("/"));
        written();

        receive("HTTP/1.1 201 Created\r\nX-Reply: yes\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhel");
        assertThat(exchange.response()).isNotDone();
        receive("lo");

        HttpResponse response = exchange.response().join();
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.protocol()).isEqualTo(Protocol.HTTP_1_1);
        assertThat(response.header("x-reply")).contains("yes");
        assertThat(response.bodyAsString()).isEqualTo("hello");
        assertThat(owner.released).containsExactly(connection);
        assertThat(owner.closed).isEmpty();
        assertThat(connection.isUsable()).isTrue();
    }

    @Test
    void aChunkedBodyIsJoinedAndItsTrailersKept() {
        TestExchange exchange = send(TestExchange.get("/"));

        receive("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\nX-Sum: 5\r\n\r\n");

        HttpResponse response = exchange.response().join();
        assertThat(response.bodyAsString()).isEqualTo("abcde");
        assertThat(response.trailers().first("x-sum")).contains("5");
        assertThat(owner.released).containsExactly(connection);
    }

    @Test
    void theNextExchangeReusesTheConnection() {
        TestExchange first = send(TestExchange.get("/1"));
        receive("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na");
        TestExchange second = send(TestExchange.get("/2"));
        receive("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nb");

        assertThat(written()).contains("GET /1 HTTP/1.1").contains("GET /2 HTTP/1.1");
        assertThat(first.response().join().bodyAsString()).isEqualTo("a");
        assertThat(second.response().join().bodyAsString()).isEqualTo("b");
        assertThat(owner.released).containsExactly(connection, connection);
    }

    @Test
    void aResponseThatClosesTheConnectionIsNotPooled() {
        TestExchange exchange = send(TestExchange.get("/"));

        receive("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok");

        assertThat(exchange.response().join().bodyAsString()).isEqualTo("ok");
        assertThat(owner.released).isEmpty();
        assertThat(owner.closed).containsExactly(connection);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void anHttp10StatusLineIsTheResponsesProtocol() {
        TestExchange exchange = send(TestExchange.get("/"));

        receive("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok");

        assertThat(exchange.response().join().protocol()).isEqualTo(Protocol.HTTP_1_0);
        assertThat(owner.closed).containsExactly(connection); // HTTP/1.0 without keep-alive ends the connection
    }

    @Test
    void aMalformedStatusLineFailsTheExchangeAndClosesTheConnection() {
        TestExchange exchange = send(TestExchange.get("/"));

        receive("HTTP/1.1 abc Broken\r\nContent-Length: 0\r\n\r\n");

        assertThat(failure(exchange)).isInstanceOf(HttpClientException.class)
                .hasMessageContaining("invalid response from example.test:8080");
        assertThat(owner.closed).containsExactly(connection);
        assertThat(owner.released).isEmpty();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aConnectionClosedInTheMiddleOfTheBodyFailsAsStarted() {
        TestExchange exchange = send(TestExchange.get("/"));
        receive("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nonly");

        channel.close();

        Throwable failure = failure(exchange);
        assertThat(failure).isInstanceOf(ConnectionClosedException.class);
        assertThat(((ConnectionClosedException) failure).responseStarted()).isTrue();
        assertThat(owner.closed).containsExactly(connection);
    }

    @Test
    void aConnectionClosedBeforeAnyResponseFailsAsNotStarted() {
        TestExchange exchange = send(TestExchange.get("/"));

        channel.close();

        Throwable failure = failure(exchange);
        assertThat(failure).isInstanceOf(ConnectionClosedException.class);
        assertThat(((ConnectionClosedException) failure).responseStarted()).isFalse();
        assertThat(((ConnectionClosedException) failure).reusedConnection()).isFalse();
    }

    @Test
    void aHeadBlockAboveTheLimitIsTooLarge() {
        TestExchange exchange = send(TestExchange.get("/"));

        receive("HTTP/1.1 200 OK\r\nX-Big: " + "x".repeat(40 * 1024) + "\r\n\r\n");

        assertThat(failure(exchange)).isInstanceOf(ResponseTooLargeException.class)
                .hasMessageContaining("response head from example.test:8080");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aBodyAboveTheDeclaredLimitIsRefusedFromItsContentLength() {
        TestExchange exchange = send(TestExchange.get("/"));

        receive("HTTP/1.1 200 OK\r\nContent-Length: " + (2 * 1024 * 1024) + "\r\n\r\n");

        assertThat(failure(exchange)).isInstanceOf(ResponseTooLargeException.class);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void bytesNobodyAskedForCloseAnIdleConnection() {
        receive("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");

        assertThat(channel.isOpen()).isFalse();
        assertThat(owner.closed).containsExactly(connection);
    }

    @Test
    void aContinueIsSkippedForTheFinalResponse() {
        TestExchange exchange = send(TestExchange.get("/"));

        receive("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");

        assertThat(exchange.response().join().status()).isEqualTo(200);
        assertThat(exchange.response().join().bodyAsString()).isEqualTo("ok");
    }
}
