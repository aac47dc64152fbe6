package dev.brisk.http;

import dev.brisk.http.common.Headers;
import dev.brisk.http.testing.RawConnection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.brisk.http.testing.Tools;
import java.nio.file.Files;
import java.nio.file.Path;
import static org.assertj.core.api.Assertions.assertThat;

/** Streamed request bodies: a 1 GiB upload passes through with bounded memory, and pausing really stops reading. */
class StreamingBodyTest {

    private static final long ONE_GIB = 1024L * 1024 * 1024;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.closeNow();
        }
        scheduler.shutdownNow();
    }

    /** Counts the body; every 64 MiB it pauses the request for a moment, as a slow consumer would. */
    private final class CountingHandler implements HttpHandler {
        final AtomicLong maxDirectMemory = new AtomicLong();
        final AtomicLong deliveredWhilePaused = new AtomicLong();
        volatile boolean paused;

        @Override
        public BodyMode bodyMode(ServerRequest request) {
            request.maxBodySize(2 * ONE_GIB);
            return BodyMode.STREAM;
        }

        @Override
        public void handle(ServerRequest request) {
            long[] received = {0};
            request.stream(new BodyListener() {
                @Override
                public void onData(ByteBuf chunk) {
                    if (paused) {
                        deliveredWhilePaused.incrementAndGet();
                    }
                    long before = received[0];
                    received[0] += chunk.readableBytes();
                    maxDirectMemory.accumulateAndGet(usedDirectMemory(), Math::max);
                    if (before / (64 << 20) != received[0] / (64 << 20)) {
                        paused = true;
                        request.pause();
                        scheduler.schedule(() -> {
                            paused = false;
                            request.resume();
                        }, 20, TimeUnit.MILLISECONDS);
                    }
                }

                @Override
                public void onEnd(Headers trailers) {
                    request.response().send("received " + received[0]);
                }
            });
        }
    }

    private static long usedDirectMemory() {
        ByteBufAllocator allocator = ByteBufAllocator.DEFAULT;
        return allocator instanceof PooledByteBufAllocator pooled ? pooled.metric().usedDirectMemory() : 0;
    }

    @Test
    void oneGibibyteUploadWithBoundedMemory() throws Exception {
        CountingHandler handler = new CountingHandler();
        server = HttpServer.builder().port(0).host("127.0.0.1").options(o -> o.ioThreads(1)).handler(handler).start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.timeout(120_000);
            OutputStream out = connection.socket().getOutputStream();
            out.write(("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: " + ONE_GIB + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            byte[] block = new byte[256 * 1024];
            for (long sent = 0; sent < ONE_GIB; sent += block.length) {
                block[0] = (byte) sent;
                out.write(block);
            }
            out.flush();
            RawConnection.Response response = connection.read();
            assertThat(response.bodyText()).isEqualTo("received " + ONE_GIB);
        }
        assertThat(handler.maxDirectMemory.get()).as("pooled direct memory in use while streaming 1 GiB")
                .isLessThan(64L * 1024 * 1024);
        assertThat(handler.deliveredWhilePaused.get()).as("pieces delivered while paused").isZero();
    }

    @Test
    void http2BodiesAreStreamedToo() throws Exception {
        String curl = Tools.require("curl");
        server = HttpServer.builder().port(0).host("127.0.0.1").handler(new HttpHandler() {
            @Override
            public BodyMode bodyMode(ServerRequest request) {
                return BodyMode.STREAM;
            }

            @Override
            public void handle(ServerRequest request) {
                long[] received = {0};
                int[] pieces = {0};
                request.stream(new BodyListener() {
                    @Override
                    public void onData(ByteBuf chunk) {
                        received[0] += chunk.readableBytes();
                        pieces[0]++;
                    }

                    @Override
                    public void onEnd(Headers trailers) {
                        request.response().header("x-protocol", request.protocol().name())
                                .send(received[0] + " bytes in " + (pieces[0] > 1 ? "several" : "one") + " piece(s)");
                    }
                });
            }
        }).start();
        Path file = Files.createTempFile("upload", ".bin");
        try {
            Files.write(file, new byte[3 * 1024 * 1024]);
            Tools.Result result = Tools.run(60, curl, "-sS", "-i",
                    "--http2-prior-knowledge", "--data-binary", "@" + file,
                    "http://127.0.0.1:" + server.port() + "/upload");
            assertThat(result.output()).startsWith("HTTP/2 200").contains("x-protocol: HTTP_2")
                    .endsWith((3 * 1024 * 1024) + " bytes in several piece(s)");
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void chunkedUploadIsStreamedAndCountedAgainstTheLimit() throws Exception {
        server = HttpServer.builder().port(0).host("127.0.0.1").handler(new HttpHandler() {
            @Override
            public BodyMode bodyMode(ServerRequest request) {
                request.maxBodySize(10);
                return BodyMode.STREAM;
            }

            @Override
            public void handle(ServerRequest request) {
                request.stream(new BodyListener() {
                    @Override
                    public void onData(ByteBuf chunk) {
                    }

                    @Override
                    public void onEnd(Headers trailers) {
                        request.response().send("complete");
                    }
                });
            }
        }).start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "6\r\n123456\r\n6\r\n789012\r\n0\r\n\r\n");
            RawConnection.Response response = connection.read();
            assertThat(response.status()).isEqualTo(413);
            assertThat(connection.isClosedByServer()).isTrue();
        }
    }
}
