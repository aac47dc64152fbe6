package dev.brisk.http;

import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.netty.util.AsciiString;
import static org.assertj.core.api.Assertions.assertThat;

/** HTTP/1.1 over real sockets, byte for byte: keep-alive, pipelining order, errors, 100-continue. */
class Http1SocketTest {

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.closeNow();
        }
        scheduler.shutdownNow();
    }

    private HttpServer start(HttpServer.Builder builder) {
        server = builder.port(0).host("127.0.0.1").start();
        return server;
    }

    @Test
    void keepAliveServesManyRequestsOnOneConnection() throws Exception {
        start(HttpServer.builder().handler(request -> request.response().send("n=" + request.query("n").orElse(""))));
        try (RawConnection connection = new RawConnection(server.port())) {
            for (int i = 0; i < 5; i++) {
                connection.send("GET /?n=" + i + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
                RawConnection.Response response = connection.read();
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.bodyText()).isEqualTo("n=" + i);
            }
        }
    }

    @Test
    void headerFieldsAreWrittenAsLatin1WhateverTheTypeOfTheirText() throws Exception {
        start(HttpServer.builder().handler(request -> request.response()
                .header("x-string", "plain value")
                .header("x-latin1", "caf\u00e9")
                .header(new StringBuilder("x-builder"), new StringBuilder("built"))
                .header(AsciiString.cached("x-ascii"), AsciiString.cached("ascii"))
                .send("ok")));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
            RawConnection.Response response = connection.read(); // a field's bytes read as Latin-1 characters
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-string")).isEqualTo("plain value");
            assertThat(response.header("x-latin1")).isEqualTo("caf\u00e9"); // the single byte 0xE9
            assertThat(response.header("x-builder")).isEqualTo("built");
            assertThat(response.header("x-ascii")).isEqualTo("ascii");
            assertThat(response.bodyText()).isEqualTo("ok");
        }
    }

    @Test
    void pipelinedResponsesKeepRequestOrderWhenHandlersFinishOutOfOrder() throws Exception {
        start(HttpServer.builder().handler(request -> {
            int delay = Integer.parseInt(request.query("delay").orElse("0"));
            scheduler.schedule(() -> request.response().send(request.path()), delay, TimeUnit.MILLISECONDS);
        }));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /first?delay=300 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /second?delay=100 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "POST /third?delay=0 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
                    + "GET /fourth HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().bodyText()).isEqualTo("/first");
            assertThat(connection.read().bodyText()).isEqualTo("/second");
            assertThat(connection.read().bodyText()).isEqualTo("/third");
            assertThat(connection.read().bodyText()).isEqualTo("/fourth");
        }
    }

    @Test
    void malformedRequestGets400ThenTheConnectionCloses() throws Exception {
        start(HttpServer.builder().handler(request -> request.response().send("should not run")));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n");
            RawConnection.Response response = connection.read();
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(response.bodyText()).contains("Content-Length and Transfer-Encoding");
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    @Test
    void earlierPipelinedResponsesAreDeliveredBeforeTheError() throws Exception {
        start(HttpServer.builder().handler(request -> request.response().send("ok")));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
            assertThat(connection.read().status()).isEqualTo(200);
            assertThat(connection.read().status()).isEqualTo(400);
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    @Test
    void expectContinueSendsInterimResponseThenTheFinalOne() throws Exception {
        start(HttpServer.builder().options(o -> o.limits(l -> l.maxBodySize(1000)))
                .handler(request -> request.response().send(request.body().retain())));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n");
            assertThat(connection.read().status()).isEqualTo(100);
            connection.send("hello");
            RawConnection.Response response = connection.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.bodyText()).isEqualTo("hello");
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n");
            RawConnection.Response refused = connection.read();
            assertThat(refused.status()).isEqualTo(413);
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    @Test
    void handlerExceptionGives500WithoutDetailsAndTheConnectionSurvives() throws Exception {
        start(HttpServer.builder().handler(request -> {
            if (request.path().equals("/fail")) {
                throw new IllegalStateException("database password is hunter2");
            }
            request.response().send("ok");
        }));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /fail HTTP/1.1\r\nHost: x\r\n\r\n");
            RawConnection.Response failed = connection.read();
            assertThat(failed.status()).isEqualTo(500);
            assertThat(failed.bodyText()).doesNotContain("hunter2").doesNotContain("Exception");
            connection.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().bodyText()).isEqualTo("ok");
        }
    }

    @Test
    void maxKeepAliveRequestsClosesAfterTheLastOne() throws Exception {
        start(HttpServer.builder().options(o -> o.maxKeepAliveRequests(2)).handler(request -> request.response()
                .send("x")));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().header("connection")).isNull();
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().header("connection")).isEqualTo("close");
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }

    @Test
    void chunkedRequestWithTrailersAndChunkedResponse() throws Exception {
        start(HttpServer.builder().handler(request -> {
            ServerResponse response = request.response();
            response.trailers().set("x-received", request.trailers().get("x-checksum", "none"));
            response.write(request.body().retain());
            response.write("!".getBytes());
            response.end();
        }));
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "3\r\nabc\r\n2;ext=1\r\nde\r\n0\r\nX-Checksum: 5\r\n\r\n");
            RawConnection.Response response = connection.read();
            assertThat(response.header("transfer-encoding")).isEqualTo("chunked");
            assertThat(response.bodyText()).isEqualTo("abcde!");
            assertThat(response.trailers()).containsEntry("x-received", "5");
        }
    }
}
