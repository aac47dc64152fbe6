package dev.brisk.http;

import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2RawConnection;
import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link ServerResponse#abort(Throwable)}: a streamed response that cannot finish is cut off, never completed. */
class ResponseAbortTest {

    private static HttpServer start(CompletableFuture<Throwable> completion) {
        return HttpServer.builder().port(0).host("127.0.0.1").handler(request -> {
            ServerResponse response = request.response();
            response.completion().whenComplete((v, e) -> completion.complete(e));
            response.write("partial body".getBytes(StandardCharsets.US_ASCII))
                    .thenRun(() -> response.abort(new IllegalStateException("producer failed")));
        }).start();
    }

    @Test
    void http1ClosesTheConnectionWithoutTheLastChunk() throws Exception {
        CompletableFuture<Throwable> completion = new CompletableFuture<>();
        try (HttpServer server = start(completion); RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n");
            InputStream in = connection.socket().getInputStream();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            in.transferTo(received);
            String text = received.toString(StandardCharsets.ISO_8859_1);
            assertThat(text).startsWith("HTTP/1.1 200 ").contains("transfer-encoding: chunked")
                    .contains("partial body").doesNotContain("\r\n0\r\n\r\n");
            assertThat(text.split("HTTP/1.1 ", -1)).hasSize(2);
            assertThat(completion.get(5, TimeUnit.SECONDS)).hasMessage("producer failed");
        }
    }

    @Test
    void http2ResetsTheStream() throws Exception {
        CompletableFuture<Throwable> completion = new CompletableFuture<>();
        try (HttpServer server = start(completion); H2RawConnection connection = new H2RawConnection(server.port())) {
            connection.preface().settingsAck().headers(1, "GET", "/stream", true).flush();
            H2Frames.Frame reset = connection.await(frame -> frame.type() == H2Frames.RST_STREAM
                    || frame.type() == H2Frames.DATA && frame.has(H2Frames.FLAG_END_STREAM),
                    Duration.ofSeconds(10));
            assertThat(reset.type()).isEqualTo(H2Frames.RST_STREAM);
            assertThat(reset.streamId()).isEqualTo(1);
            assertThat(reset.errorCode()).isEqualTo(0x2); // INTERNAL_ERROR
            assertThat(completion.get(5, TimeUnit.SECONDS)).hasMessage("producer failed");
        }
    }

    @Test
    void completionAskedAfterTheClientLeftFails() throws Exception {
        CompletableFuture<ServerRequest> arrived = new CompletableFuture<>();
        try (HttpServer server = HttpServer.builder().port(0).host("127.0.0.1").handler(arrived::complete).start()) {
            try (RawConnection connection = new RawConnection(server.port())) {
                connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
                arrived.get(5, TimeUnit.SECONDS);
            }
            ServerResponse response = arrived.get().response();
            for (int i = 0; i < 500 && !response.isEnded(); i++) {
                Thread.sleep(10);
            }
            assertThatThrownBy(() -> response.completion().toCompletableFuture().get(5, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(ClosedChannelException.class);
        }
    }
}
