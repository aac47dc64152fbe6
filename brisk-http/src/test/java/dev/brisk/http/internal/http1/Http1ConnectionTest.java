package dev.brisk.http.internal.http1;

import dev.brisk.http.HttpHandler;
import dev.brisk.http.HttpLimits;
import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.internal.ServerContext;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** Codec-level tests of HTTP/1.1 framing and strict parsing, through an {@link EmbeddedChannel}. */
class Http1ConnectionTest {

    private final List<ServerRequest> received = new ArrayList<>();
    private EmbeddedChannel channel;

    private EmbeddedChannel channel(Consumer<HttpServer.Builder> options, HttpHandler handler) {
        HttpServer.Builder builder = HttpServer.builder().port(0).handler(handler);
        options.accept(builder);
        ServerContext context = new ServerContext(builder.options(), handler, null);
        channel = new EmbeddedChannel(new Http1Connection(context, false));
        return channel;
    }

    private EmbeddedChannel echoChannel() {
        return channel(b -> { }, request -> {
            received.add(request);
            request.response().header("x-path", request.path()).send(request.body().retain());
        });
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

    @Test
    void servesRequestWithFixedLengthBody() {
        EmbeddedChannel ch = echoChannel();
        write(ch, "POST /a%20b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
        String out = output(ch);
        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("x-path: /a b\r\n").contains("content-length: 5\r\n")
                .endsWith("\r\n\r\nhello");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void aggregatesBodySplitAcrossReads() {
        EmbeddedChannel ch = echoChannel();
        write(ch, "POST / HTTP/1.1\r\nHo");
        write(ch, "st: x\r\nContent-Length: 10\r\n\r\n01234");
        assertThat(output(ch)).isEmpty();
        write(ch, "56789");
        assertThat(output(ch)).endsWith("0123456789");
    }

    @Test
    void decodesChunkedBodyWithExtensionsAndTrailers() {
        List<String> trailers = new ArrayList<>();
        EmbeddedChannel ch = channel(b -> { }, request -> {
            trailers.add(request.trailers().get("x-sum", "none"));
            request.response().send(request.body().retain());
        });
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value;q=\"a \\\" b\"\r\nhello\r\n6\r\n world\r\n0\r\nX-Sum: 11\r\n\r\n");
        assertThat(output(ch)).endsWith("hello world");
        assertThat(trailers).containsExactly("11");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderWhenHandlersFinishOutOfOrder() {
        List<ServerRequest> pending = new ArrayList<>();
        EmbeddedChannel ch = channel(b -> { }, pending::add);
        write(ch, "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\nGET /3 HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(pending).hasSize(3);
        pending.get(2).response().send("three");
        pending.get(1).response().send("two");
        assertThat(output(ch)).isEmpty();
        pending.get(0).response().send("one");
        String out = output(ch);
        assertThat(out.indexOf("one")).isLessThan(out.indexOf("two"));
        assertThat(out.indexOf("two")).isLessThan(out.indexOf("three"));
    }

    @Test
    void headResponseHasLengthButNoBody() {
        EmbeddedChannel ch = channel(b -> { }, request -> request.response().send("twelve bytes"));
        write(ch, "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).contains("content-length: 12\r\n").endsWith("\r\n\r\n");
    }

    @Test
    void notModifiedHasNoBodyAndNoLength() {
        EmbeddedChannel ch = channel(b -> { }, request -> request.response().status(304).send("ignored"));
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 304 Not Modified").doesNotContain("content-length")
                .endsWith("\r\n\r\n");
    }

    @Test
    void http10ClosesUnlessKeepAliveIsAsked() {
        EmbeddedChannel ch = channel(b -> { }, request -> request.response().send("x"));
        write(ch, "GET / HTTP/1.0\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.0 200 OK").doesNotContain("connection:");
        assertThat(ch.isOpen()).isFalse();

        EmbeddedChannel keep = channel(b -> { }, request -> request.response().send("x"));
        write(keep, "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        assertThat(output(keep)).contains("connection: keep-alive\r\n");
        assertThat(keep.isOpen()).isTrue();
    }

    @Test
    void connectionCloseIsHonoured() {
        EmbeddedChannel ch = echoChannel();
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /ignored HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).contains("connection: close\r\n");
        assertThat(received).hasSize(1);
        assertThat(ch.isOpen()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 4\r\n\r\nabcd",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  folded\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nBad Name: a\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nX-A : a\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a%zz HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a% HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET example.com:80 HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.x\r\nHost: x\r\n\r\n",
            "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
            "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nz\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;=x\r\nhello\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\"x\r\nhello\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5 x\r\nhello\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-T: 1\n\r\n",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000\r\n",
    })
    void malformedRequestsGet400AndTheConnectionCloses(String request) {
        EmbeddedChannel ch = echoChannel();
        write(ch, request);
        assertThat(output(ch)).startsWith("HTTP/1.1 400 Bad Request\r\n").contains("connection: close\r\n");
        assertThat(received).isEmpty();
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void unsupportedTransferCodingGets501() {
        EmbeddedChannel ch = echoChannel();
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 501 Not Implemented\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void unsupportedVersionGets505() {
        EmbeddedChannel ch = echoChannel();
        write(ch, "GET / HTTP/2.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 505 HTTP Version Not Supported\r\n");
    }

    @Test
    void tooLongRequestLineGets414EvenBeforeItEnds() {
        EmbeddedChannel ch = channel(b -> b.options(o -> o.limits(l -> l.maxInitialLineLength(64))),
                request -> request.response().send());
        write(ch, "GET /" + "a".repeat(100));
        assertThat(output(ch)).startsWith("HTTP/1.1 414 URI Too Long\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void tooLargeHeaderBlockGets431() {
        EmbeddedChannel ch = channel(b -> b.options(o -> o.limits(HttpLimits.builder().maxHeaderSize(100).build())),
                request -> request.response().send());
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(200) + "\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n");
    }

    @Test
    void bodyLargerThanLimitGets413BeforeItIsRead() {
        EmbeddedChannel ch = channel(b -> b.options(o -> o.limits(l -> l.maxBodySize(10))),
                request -> request.response().send());
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 413 Content Too Large\r\n").contains("connection: close");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void chunkedBodyLargerThanLimitGets413() {
        EmbeddedChannel ch = channel(b -> b.options(o -> o.limits(l -> l.maxBodySize(10))),
                request -> request.response().send());
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n8\r\n12345678\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 413 Content Too Large\r\n");
    }

    @Test
    void expectContinueIsAnsweredOnlyAfterLimitsPass() {
        EmbeddedChannel ch = channel(b -> b.options(o -> o.limits(l -> l.maxBodySize(10))),
                request -> request.response().send(request.body().retain()));
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n");
        assertThat(output(ch)).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
        write(ch, "body");
        assertThat(output(ch)).startsWith("HTTP/1.1 200 OK").endsWith("body");

        EmbeddedChannel big = channel(b -> b.options(o -> o.limits(l -> l.maxBodySize(10))),
                request -> request.response().send());
        write(big, "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 40\r\n\r\n");
        String out = output(big);
        assertThat(out).startsWith("HTTP/1.1 413").doesNotContain("100 Continue");
    }

    @Test
    void unknownExpectationGets417() {
        EmbeddedChannel ch = echoChannel();
        write(ch, "POST / HTTP/1.1\r\nHost: x\r\nExpect: tea\r\nContent-Length: 4\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 417 Expectation Failed\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void handlerFailureBecomes500AndConnectionSurvives() {
        EmbeddedChannel ch = channel(b -> { }, request -> {
            if (request.path().equals("/boom")) {
                throw new IllegalStateException("secret detail");
            }
            request.response().send("fine");
        });
        write(ch, "GET /boom HTTP/1.1\r\nHost: x\r\n\r\n");
        String out = output(ch);
        assertThat(out).startsWith("HTTP/1.1 500 Internal Server Error").doesNotContain("secret")
                .doesNotContain("Exception");
        write(ch, "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).startsWith("HTTP/1.1 200 OK").endsWith("fine");
    }

    @Test
    void streamedResponseIsChunkedWithTrailers() {
        EmbeddedChannel ch = channel(b -> { }, request -> {
            var response = request.response();
            response.write("ab".getBytes(StandardCharsets.US_ASCII));
            response.write("cde".getBytes(StandardCharsets.US_ASCII));
            response.trailers().set("x-count", "2");
            response.end();
        });
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).contains("transfer-encoding: chunked\r\n")
                .endsWith("\r\n\r\n2\r\nab\r\n3\r\ncde\r\n0\r\nx-count: 2\r\n\r\n");
    }

    @Test
    void serverHeaderAndDateArePresent() {
        EmbeddedChannel ch = channel(b -> b.options(o -> o.serverHeader("brisk")), request -> request.response()
                .send());
        write(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(output(ch)).contains("server: brisk\r\n").containsPattern("date: \\w{3}, \\d{2} \\w{3} \\d{4}");
    }

    @Test
    void queryAndCookiesAreDecodedLazily() {
        List<String> seen = new ArrayList<>();
        EmbeddedChannel ch = channel(b -> { }, request -> {
            seen.add(request.query("q").orElse("-") + "|" + request.queryAll("m") + "|" + request.cookie("sid")
                    .orElse("-") + "|" + request.rawQuery() + "|" + request.path());
            request.response().send();
        });
        write(ch, "GET /p%2Fx?q=a%20b&m=1&m=2 HTTP/1.1\r\nHost: x\r\nCookie: sid=42; other=1\r\n\r\n");
        assertThat(seen).containsExactly("a b|[1, 2]|42|q=a%20b&m=1&m=2|/p/x");
    }
}
