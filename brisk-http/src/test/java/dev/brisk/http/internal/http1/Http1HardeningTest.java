package dev.brisk.http.internal.http1;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Framing that cannot be read two ways: strict whitespace in framing fields, the authority of absolute-form targets,
 * responses that must keep to their declared length, and aggregation of finely cut bodies.
 */
class Http1HardeningTest {

    private final List<ServerRequest> received = new ArrayList<>();
    private EmbeddedChannel channel;

    private EmbeddedChannel channel(HttpHandler handler) {
        HttpServer.Builder builder = HttpServer.builder().port(0).handler(handler);
        channel = new EmbeddedChannel(new Http1Connection(new ServerContext(builder.options(), handler, null), false));
        return channel;
    }

    @AfterEach
    void close() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
    }

    private static void write(EmbeddedChannel channel, String text) {
        channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1));
    }

    private static String output(EmbeddedChannel channel) {
        StringBuilder sb = new StringBuilder();
        Object message;
        while ((message = channel.readOutbound()) != null) {
            if (message instanceof ByteBuf buf) {
                sb.append(buf.toString(StandardCharsets.ISO_8859_1));
                buf.release();
            }
        }
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Transfer-Encoding: chunked\u0085", "Transfer-Encoding: \u00a0chunked", "Transfer-Encoding: chunked\u000b",
            "Transfer-Encoding: chunked, \u00a0", "Transfer-Encoding: chu\"nked", "Content-Length: 5\u00a0",
            "Content-Length: \u00855", "Content-Length: 5\u000c", "Content-Length: 5, \u00a05"})
    void framingFieldsAcceptOnlySpaceAndTabAsWhitespace(String field) {
        EmbeddedChannel ch = channel(received::add);
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\n" + field + "\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
        String out = output(ch);
        assertThat(out).startsWith("HTTP/1.1 ");
        assertThat(out.substring(9, 12)).isIn("400", "501");
        assertThat(received).isEmpty();
        assertThat(ch.isOpen()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Connection: close\u0085", "Connection: \u00a0close", "Connection: keep-alive\u000b",
            "Expect: 100-continue\u00a0", "Expect: \u0085100-continue", "Connection: clo se"})
    void connectionAndExpectMustBeTokenLists(String field) {
        EmbeddedChannel ch = channel(received::add);
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n" + field + "\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 400");
        assertThat(received).isEmpty();
    }

    @Test
    void shortAbsoluteFormTargetIsAccepted() {
        EmbeddedChannel ch = channel(request -> request.response().send(request.headers().get("host", "-")));
        write(ch, "GET http://x HTTP/1.1\r\nHost: y\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 200").endsWith("\r\n\r\nx");
    }

    @Test
    void connectInOriginFormIsRejected() {
        EmbeddedChannel ch = channel(received::add);
        write(ch, "CONNECT /x HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 400");
        assertThat(received).isEmpty();
    }

    @Test
    void absoluteFormAuthorityIsTheHost() {
        EmbeddedChannel ch = channel(request -> request.response().send(request.headers().get("host", "-") + " "
                + request.path()));
        write(ch, "GET http://right.example:8080/p?q HTTP/1.1\r\nHost: wrong.example\r\n\r\n");
        assertThat(output(ch)).endsWith("\r\n\r\nright.example:8080 /p");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http:///p", "http://user@host/p", "http://bad host/p"})
    void absoluteFormWithoutAValidAuthorityIsRejected(String target) {
        EmbeddedChannel ch = channel(received::add);
        write(ch, "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 400");
        assertThat(received).isEmpty();
    }

    @Test
    void wholeBodyDifferentFromDeclaredLengthBecomes500() {
        EmbeddedChannel ch = channel(request -> request.response().header("content-length", "10").send("short"));
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        String out = output(ch);
        assertThat(out).startsWith("HTTP/1.1 500").doesNotContain("short");
    }

    @Test
    void streamedBodyLongerThanDeclaredClosesTheConnection() {
        List<Throwable> failures = new ArrayList<>();
        EmbeddedChannel ch = channel(request -> {
            var response = request.response().header("content-length", "4");
            response.write("abc".getBytes(StandardCharsets.US_ASCII));
            response.write("defg".getBytes(StandardCharsets.US_ASCII))
                    .whenComplete((v, e) -> failures.add(e));
        });
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n");
        ch.runPendingTasks();
        String out = output(ch);
        assertThat(out).startsWith("HTTP/1.1 200").endsWith("\r\n\r\nabc").doesNotContain("defg");
        assertThat(failures).singleElement().isInstanceOf(IllegalStateException.class);
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void streamedBodyShorterThanDeclaredClosesTheConnection() {
        EmbeddedChannel ch = channel(request -> {
            var response = request.response().header("content-length", "10");
            response.write("abc".getBytes(StandardCharsets.US_ASCII));
            response.end();
        });
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        ch.runPendingTasks();
        assertThat(output(ch)).endsWith("\r\n\r\nabc");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void headResponseMayDeclareTheLengthOfTheBodyItOmits() {
        EmbeddedChannel ch = channel(request -> request.response().header("content-length", "1000").send());
        write(ch, "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 200").contains("content-length: 1000");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void informationalStatusIsNotAFinalStatus() {
        EmbeddedChannel ch = channel(request -> {
            assertThatThrownBy(() -> request.response().status(103)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("1xx");
            request.response().send("ok");
        });
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 200");
    }

    @Test
    void bodyOfManyOneByteChunksIsAggregatedWithoutConsolidating() {
        int chunks = 50_000;
        List<Integer> components = new ArrayList<>();
        EmbeddedChannel ch = channel(request -> {
            ByteBuf body = request.body();
            components.add(body instanceof CompositeByteBuf composite ? composite.numComponents() : 1);
            request.response().send(Integer.toString(body.readableBytes()) + ":" + body.getByte(0)
                    + body.getByte(chunks - 1));
        });
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
        StringBuilder piece = new StringBuilder();
        for (int i = 0; i < chunks; i++) {
            piece.append("1\r\n").append((char) ('a' + i % 26)).append("\r\n");
            if (piece.length() > 600) {
                write(ch, piece.toString());
                piece.setLength(0);
            }
        }
        write(ch, piece + "0\r\n\r\n");
        // 50,000 pieces end up in a handful of tail buffers that doubled as the body grew
        assertThat(output(ch)).endsWith("\r\n\r\n50000:" + (int) 'a' + (int) ('a' + (chunks - 1) % 26));
        assertThat(components).singleElement().satisfies(n -> assertThat(n).isLessThan(20));
    }
}
