package dev.brisk.http;

import dev.brisk.http.common.Headers;
import dev.brisk.http.testing.H2Frames.Frame;
import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.RawH2Frames;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import java.time.Duration;
import java.util.Arrays;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies buffered on an HTTP/2 connection are bounded through flow control: a paused streamed body holds back
 * its own stream only, and aggregated bodies beyond the connection's buffer limit get no credit until one is done.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class Http2BufferBoundsTest {

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Http2Headers post(String path, long length) {
        Http2Headers headers = H2Frames.request("POST", path);
        headers.addLong("content-length", length);
        return headers;
    }

    private static void sendBody(RawH2Frames h2, int streamId, int bytes, boolean end) throws Exception {
        byte[] frame = new byte[16384];
        for (int sent = 0; sent < bytes; sent += frame.length) {
            int n = Math.min(frame.length, bytes - sent);
            byte[] payload = n == frame.length ? frame : Arrays.copyOf(frame, n);
            h2.frame(H2Frames.DATA, end && sent + n >= bytes ? 0x1 : 0, streamId, payload);
        }
    }

    @Test
    void aPausedStreamedBodyHoldsBackOnlyItsOwnStream() throws Exception {
        AtomicLong received = new AtomicLong();
        CompletableFuture<ServerRequest> paused = new CompletableFuture<>();
        server = HttpServer.builder().port(0).options(o -> o.ioThreads(1)).handler(new HttpHandler() {
            @Override
            public BodyMode bodyMode(ServerRequest request) {
                return request.path().equals("/upload") ? BodyMode.STREAM : BodyMode.AGGREGATE;
            }

            @Override
            public void handle(ServerRequest request) {
                if (!request.path().equals("/upload")) {
                    request.response().send("ok " + request.body().readableBytes());
                    return;
                }
                request.stream(new BodyListener() {
                    @Override
                    public void onData(ByteBuf chunk) {
                        received.addAndGet(chunk.readableBytes());
                        request.pause(); // and never resumed until the test says so
                        paused.complete(request);
                    }

                    @Override
                    public void onEnd(Headers trailers) {
                        request.response().send("stored " + received.get());
                    }

                    @Override
                    public void onError(Throwable cause) {
                    }
                });
            }
        }).start();
        int window = server.options().http2().initialWindowSize();
        try (RawH2Frames h2 = new RawH2Frames(server.port()).handshake(true)) {
            h2.headers(1, post("/upload", window), false);
            sendBody(h2, 1, window, false); // the whole stream window
            ServerRequest upload = paused.get(5, TimeUnit.SECONDS);

            // other streams, with and without a body, go on
            h2.headers(3, H2Frames.request("GET", "/other"), true);
            h2.headers(5, post("/small", 20_000), false);
            sendBody(h2, 5, 20_000, true);
            assertThat(h2.await(H2Frames.HEADERS, 3, 5000).status()).isEqualTo("200");
            assertThat(h2.await(H2Frames.HEADERS, 5, 5000).status()).isEqualTo("200");

            // the paused stream got no credit back while paused
            assertThat(h2.await(H2Frames.WINDOW_UPDATE, 1, 500)).isNull();
            upload.resume();
            Frame update = h2.await(H2Frames.WINDOW_UPDATE, 1, 5000);
            assertThat(update).isNotNull();
            assertThat(update.type()).isEqualTo(H2Frames.WINDOW_UPDATE);
        }
    }

    @Test
    void aggregatedBodiesBeyondTheConnectionLimitWaitForCredit() throws Exception {
        int window = 65_535;
        server = HttpServer.builder().port(0).options(o -> o.ioThreads(1)
                .http2(Http2Options.builder().initialWindowSize(window).build())
                .limits(HttpLimits.builder().maxConnectionBuffer(64 * 1024).build()))
                .handler(request -> request.response().send("got " + request.body().readableBytes()))
                .start();
        try (RawH2Frames h2 = new RawH2Frames(server.port()).handshake(true)) {
            h2.headers(1, post("/first", 61_440 + 100), false);
            sendBody(h2, 1, 61_440, false); // 60 KiB buffered: within the limit, credit comes back
            assertThat(h2.await(H2Frames.WINDOW_UPDATE, 1, 5000)).isNotNull();

            h2.headers(3, post("/second", 61_440 + 100), false);
            sendBody(h2, 3, 61_440, false); // 120 KiB buffered: over the limit, no credit for stream 3
            assertThat(h2.await(H2Frames.WINDOW_UPDATE, 3, 500)).isNull();

            sendBody(h2, 1, 100, true); // the first request completes and is answered: its body is released
            Frame first = h2.await(H2Frames.HEADERS, 1, 5000);
            assertThat(first.status()).isEqualTo("200");
            Frame update = h2.await(H2Frames.WINDOW_UPDATE, 3, 5000);
            assertThat(update).as("credit for stream 3 once the first body is gone").isNotNull();
            assertThat(update.type()).isEqualTo(H2Frames.WINDOW_UPDATE);

            sendBody(h2, 3, 100, true);
            assertThat(h2.await(H2Frames.HEADERS, 3, 5000).status()).isEqualTo("200");
        }
    }

    @Test
    void responsesWaitingForWindowRefuseNewStreamsAndAStalledOneIsReset() throws Exception {
        server = HttpServer.builder().port(0).options(o -> o.ioThreads(1)
                .limits(HttpLimits.builder().maxConnectionBuffer(64 * 1024).build())
                .writeTimeout(Duration.ofMillis(300)))
                .handler(request -> request.response().send(new byte[200 * 1024]))
                .start();
        try (RawH2Frames h2 = new RawH2Frames(server.port()).handshake(true)) {
            // the client's window is 65,535 bytes and it never opens it: most of the 200 KiB stays queued
            h2.headers(1, H2Frames.request("GET", "/big"), true);
            assertThat(h2.await(H2Frames.HEADERS, 1, 5000).status()).isEqualTo("200");
            h2.headers(3, H2Frames.request("GET", "/next"), true);
            Frame refused = h2.await(H2Frames.RST_STREAM, 3, 5000);
            assertThat(refused.type()).isEqualTo(H2Frames.RST_STREAM);
            assertThat(refused.errorCode()).isEqualTo(0x7L); // REFUSED_STREAM: not processed, safe to retry
            // the stream that gets no window is given up after the write timeout; the connection stays
            Frame reset = h2.await(H2Frames.RST_STREAM, 1, 5000);
            assertThat(reset.type()).isEqualTo(H2Frames.RST_STREAM);
            assertThat(reset.errorCode()).isEqualTo(0x8L); // CANCEL
            h2.headers(5, H2Frames.request("HEAD", "/after"), true);
            assertThat(h2.await(H2Frames.HEADERS, 5, 5000).status()).isEqualTo("200");
        }
    }
}
