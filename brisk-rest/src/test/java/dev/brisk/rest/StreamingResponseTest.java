package dev.brisk.rest;

import dev.brisk.http.testing.H2Frames;
import dev.brisk.http.testing.H2RawConnection;
import dev.brisk.http.testing.RawConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static dev.brisk.rest.RestTestSupport.get;
import static dev.brisk.rest.RestTestSupport.server;
import static org.assertj.core.api.Assertions.assertThat;

/** {@link StreamingBody} and stream results over real sockets: flushing, backpressure, aborts. */
class StreamingResponseTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A body that sends a first line, waits until the client has read it, then sends a second one. */
    private static StreamingBody firstThenSecond(CountDownLatch clientSawFirst, AtomicReference<String> thread) {
        return out -> {
            thread.set(Thread.currentThread().getName());
            out.write("first\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            try {
                if (!clientSawFirst.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the client never saw the flushed line");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            out.write("second\n".getBytes(StandardCharsets.US_ASCII));
        };
    }

    @Test
    void flushSendsTheFirstBytesBeforeTheHandlerEndsOnEveryScheduler() throws Exception {
        CountDownLatch ioLatch = new CountDownLatch(1);
        CountDownLatch workerLatch = new CountDownLatch(1);
        AtomicReference<String> ioThread = new AtomicReference<>();
        AtomicReference<String> workerThread = new AtomicReference<>();
        server = server()
                .get("/io", ctx -> ctx.send(firstThenSecond(ioLatch, ioThread)))
                .route(Route.get("/worker").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send(
                        ResponseEntity.status(201).header("x-kind", "report")
                                .body(firstThenSecond(workerLatch, workerThread)))))
                .start();
        assertThat(readFirstThenSecond("/io", ioLatch)).startsWith("HTTP/1.1 200");
        assertThat(readFirstThenSecond("/worker", workerLatch)).startsWith("HTTP/1.1 201").contains("x-kind: report");
        // the IO route's body was handed to a worker: an event loop never waits for a client
        assertThat(ioThread.get()).startsWith("brisk-worker-");
        assertThat(workerThread.get()).startsWith("brisk-worker-");
    }

    private String readFirstThenSecond(String path, CountDownLatch clientSawFirst) throws IOException {
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
            InputStream in = connection.socket().getInputStream();
            StringBuilder received = new StringBuilder();
            while (!received.toString().contains("first\n")) {
                int b = in.read();
                assertThat(b).as("the connection ended before the first line").isNotEqualTo(-1);
                received.append((char) b);
            }
            assertThat(received.toString()).doesNotContain("second");
            clientSawFirst.countDown();
            while (!received.toString().endsWith("0\r\n\r\n")) {
                int b = in.read();
                assertThat(b).as("the connection ended before the last chunk").isNotEqualTo(-1);
                received.append((char) b);
            }
            assertThat(received.toString()).contains("second\n").contains("content-type: application/octet-stream");
            return received.toString();
        }
    }

    @Test
    void aLargeBodyIsHeldBackByASlowClientInsteadOfFillingMemory() throws Exception {
        int lines = 300_000;
        byte[] line = (".".repeat(199) + "\n").getBytes(StandardCharsets.US_ASCII);
        AtomicLong produced = new AtomicLong();
        server = server()
                .route(Route.get("/export").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send((StreamingBody) out -> {
                    for (int i = 0; i < lines; i++) {
                        out.write(line);
                        produced.addAndGet(line.length);
                    }
                })))
                .start();
        long total = (long) lines * line.length;
        long bound = 16L * 1024 * 1024; // socket buffers on both sides, the outbound buffer and two chunks, at most
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(64 * 1024);
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write("GET /export HTTP/1.1\r\nHost: x\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            // give an unbounded producer the time to run far ahead; with backpressure it cannot
            Thread.sleep(300);
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[4096];
            long received = 0;
            long maxAhead = 0;
            int n;
            byte[] tail = new byte[5];
            while ((n = in.read(buffer)) != -1) {
                received += n;
                maxAhead = Math.max(maxAhead, produced.get() - received);
                assertThat(produced.get() - received).as("bytes produced but not yet received").isLessThan(bound);
                if (n >= 5) {
                    System.arraycopy(buffer, n - 5, tail, 0, 5);
                } else {
                    System.arraycopy(tail, n, tail, 0, 5 - n);
                    System.arraycopy(buffer, 0, tail, 5 - n, n);
                }
                if (new String(tail, StandardCharsets.US_ASCII).equals("0\r\n\r\n") && produced.get() == total) {
                    break;
                }
            }
            assertThat(produced.get()).isEqualTo(total);
            assertThat(received).isGreaterThan(total);
        }
    }

    @Test
    void aFailureAfterTheHeadCutsTheHttp1ResponseOff() throws Exception {
        server = server()
                .get("/broken", ctx -> ctx.send((StreamingBody) out -> {
                    out.write("partial".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    throw new IllegalStateException("the export failed half way");
                }))
                .get("/early", ctx -> ctx.send((StreamingBody) out -> {
                    out.write("still buffered".getBytes(StandardCharsets.US_ASCII));
                    throw new IllegalStateException("the export failed at once");
                }))
                .start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /broken HTTP/1.1\r\nHost: x\r\n\r\n");
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            connection.socket().getInputStream().transferTo(received);
            String text = received.toString(StandardCharsets.ISO_8859_1);
            assertThat(text).startsWith("HTTP/1.1 200").contains("partial").doesNotContain("\r\n0\r\n\r\n");
            assertThat(text.indexOf("HTTP/1.1", 1)).as("a second head").isEqualTo(-1);
        }
        // nothing had left yet: an ordinary error response, and the connection stays usable
        HttpResponse<String> early = get(server, "/early");
        assertThat(early.statusCode()).isEqualTo(500);
        assertThat(early.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(early.body()).doesNotContain("still buffered");
    }

    @Test
    void aFailureAfterTheHeadResetsTheHttp2Stream() throws Exception {
        server = server()
                .get("/broken", ctx -> ctx.send((StreamingBody) out -> {
                    out.write("partial".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    throw new IllegalStateException("the export failed half way");
                }))
                .start();
        try (H2RawConnection connection = new H2RawConnection(server.port())) {
            connection.preface().settingsAck().headers(1, "GET", "/broken", true).flush();
            H2Frames.Frame end = connection.await(frame -> frame.streamId() == 1
                    && (frame.type() == H2Frames.RST_STREAM || frame.has(H2Frames.FLAG_END_STREAM)),
                    Duration.ofSeconds(10));
            assertThat(end.type()).isEqualTo(H2Frames.RST_STREAM);
            assertThat(end.errorCode()).isEqualTo(0x2); // INTERNAL_ERROR
        }
    }

    @Test
    void aWriterLearnsThatTheClientLeft() throws Exception {
        CompletableFuture<Throwable> writerError = new CompletableFuture<>();
        CountDownLatch started = new CountDownLatch(1);
        server = server()
                .route(Route.get("/endless").scheduler(Schedulers.WORKER).handler(ctx -> ctx.send((StreamingBody) out -> {
                    byte[] chunk = new byte[16 * 1024];
                    try {
                        while (true) {
                            out.write(chunk);
                            out.flush();
                            started.countDown();
                        }
                    } catch (IOException e) {
                        writerError.complete(e);
                        throw e;
                    }
                })))
                .start();
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /endless HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.socket().getInputStream().read()).isNotEqualTo(-1);
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(writerError.get(20, TimeUnit.SECONDS)).isInstanceOf(IOException.class)
                .hasMessageContaining("client closed the connection");
    }

    @Test
    void streamsAndStreamingBodiesOfKnownLengthCarryContentLength() throws Exception {
        byte[] data = "0123456789".repeat(2000).getBytes(StandardCharsets.US_ASCII);
        server = server()
                .get("/stream", ctx -> ctx.send(new ByteArrayInputStream(data)))
                .get("/sized", ctx -> ctx.send(StreamingBody.of(new ByteArrayInputStream(data), data.length)))
                .get("/lying", ctx -> ctx.send(StreamingBody.of(new ByteArrayInputStream(data), data.length + 1)))
                .start();
        HttpResponse<String> stream = get(server, "/stream");
        assertThat(stream.body()).isEqualTo(new String(data, StandardCharsets.US_ASCII));
        assertThat(stream.headers().firstValue("content-length")).isEmpty();
        try (RawConnection connection = new RawConnection(server.port())) {
            RawConnection.Response sized = connection.send("GET /sized HTTP/1.1\r\nHost: x\r\n\r\n").read();
            assertThat(sized.header("content-length")).isEqualTo(String.valueOf(data.length));
            assertThat(sized.header("transfer-encoding")).isNull();
            assertThat(sized.body()).isEqualTo(data);
        }
        try (RawConnection connection = new RawConnection(server.port())) {
            connection.send("GET /lying HTTP/1.1\r\nHost: x\r\n\r\n");
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            connection.socket().getInputStream().transferTo(received);
            String text = received.toString(StandardCharsets.ISO_8859_1);
            int bodyStart = text.indexOf("\r\n\r\n") + 4;
            assertThat(text.length() - bodyStart).as("bytes of a body that promised one more").isEqualTo(data.length);
        }
    }

    @Test
    void theOutputStreamRefusesWritesAfterClose() throws Exception {
        CompletableFuture<Throwable> late = new CompletableFuture<>();
        server = server()
                .get("/closed", ctx -> ctx.send((StreamingBody) out -> {
                    try (OutputStream stream = out) {
                        stream.write('x');
                    }
                    try {
                        out.write('y');
                        late.complete(null);
                    } catch (IOException e) {
                        late.complete(e);
                    }
                }))
                .start();
        assertThat(get(server, "/closed").body()).isEqualTo("x");
        assertThat(late.get(5, TimeUnit.SECONDS)).isInstanceOf(IOException.class).hasMessageContaining("closed");
    }
}
