package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.testing.MemoryProbe;
import dev.brisk.http.testing.NonReaders;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.net.ssl.SSLSocket;

import java.io.IOException;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * HTTP/1.1 clients that pipeline requests and never read the responses cannot make the server hold more than the
 * connection's buffer limit ({@code HttpLimits.maxConnectionBuffer}, 16 MiB by default) plus one body: not with whole
 * bodies answered by worker threads (every pipelined request is admitted before any response exists), not with a
 * streamed body whose writer ignores backpressure, not with files, 100-continue answers or 400s. Responses held back
 * behind the current one count; a connection that would hold more is closed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Http1QueueLimitTest {

    private static final String AREA = "HTTP/1.1 attacks";
    private static final long MIB = 1024 * 1024;
    private static final long LIMIT = 16 * MIB;
    private static final int BODY = 4 * 1024 * 1024;
    private static final int PIPELINED = 64;

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");

    private final ExecutorService workers = Executors.newFixedThreadPool(4);
    private final AtomicInteger answered = new AtomicInteger();
    private HttpServer server;

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            server.close();
        }
        workers.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void pipelinedWholeBodiesFromWorkers() throws Exception {
        server = start(request -> {
            ByteBuf body = ByteBufAllocator.DEFAULT.directBuffer(BODY);
            request.response().send(body.writeZero(BODY));
        });
        long growth;
        long peak;
        long after;
        try (PeakMemory memory = new PeakMemory()) {
            try (Socket client = nonReader()) {
                pipeline(client, "GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n", PIPELINED);
                awaitQuiet();
                growth = memory.current();
                peak = memory.growth();
                assertThat(growth).as("Netty memory held for a client that never reads (%d answered)",
                        answered.get()).isLessThanOrEqualTo(LIMIT + 2L * BODY);
            }
            after = awaitReleased(memory);
            assertThat(after).as("Netty memory growth after the client left").isLessThanOrEqualTo(MIB);
        }
        ReliabilityReport.record(AREA, "Http1QueueLimitTest.pipelinedWholeBodiesFromWorkers",
                "a client pipelining " + PIPELINED + " requests for 4 MiB bodies answered by worker threads, never "
                        + "reading, makes the server hold at most its connection buffer limit plus the body being "
                        + "written; the connection is closed beyond it and everything is released",
                String.format("%d requests pipelined, %d answered; Netty memory held once answered +%.1f MiB "
                                + "(limit %d MiB; peak +%.1f MiB, with bodies not yet handed over); refusals %d; "
                                + "after leaving +%.1f MiB", PIPELINED, answered.get(), MemoryProbe.mib(growth),
                        LIMIT / MIB, MemoryProbe.mib(peak), server.metrics().bufferLimitRefusals(),
                        MemoryProbe.mib(after)));
    }

    @Test
    void streamedBodyIgnoringBackpressure() throws Exception {
        int chunk = 256 * 1024;
        int chunks = 128; // 32 MiB
        HeldBodies pieces = new HeldBodies(chunk);
        server = start(request -> {
            for (int i = 0; i < chunks; i++) {
                request.response().write(pieces.nextDirect()); // the returned stage is ignored
            }
            request.response().end();
        });
        long held;
        try (Socket client = nonReader()) {
            pipeline(client, "GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n", 1);
            awaitQuiet();
            held = pieces.held();
            assertThat(held).as("streamed bytes held for a client that never reads")
                    .isLessThanOrEqualTo(LIMIT + chunk);
            assertThat(server.metrics().bufferLimitRefusals()).as("connections given up").isEqualTo(1);
        }
        long left = pieces.awaitReleased(5_000);
        assertThat(left).as("bytes still held after the client left").isZero();
        ReliabilityReport.record(AREA, "Http1QueueLimitTest.streamedBodyIgnoringBackpressure",
                "a handler streaming 32 MiB without waiting for its writes to a client that never reads makes the "
                        + "server hold at most the connection buffer limit: the connection is closed beyond it",
                String.format("%d pieces of %d KiB written; %.1f MiB held once written (limit %d MiB); refusals %d; "
                        + "after leaving %d bytes", chunks, chunk / 1024, MemoryProbe.mib(held), LIMIT / MIB,
                        server.metrics().bufferLimitRefusals(), left));
    }

    /** Cleartext files go out as file regions (nothing read into memory); over TLS they are read piece by piece. */
    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void pipelinedFiles(boolean tls, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("big.bin");
        Files.write(file, new byte[8 * 1024 * 1024]);
        // the first request is answered late, so that the files behind it are produced before it
        server = start(tls, request -> {
            if (request.path().equals("/slow")) {
                sleep(300);
                request.response().send("slow");
            } else {
                request.response().sendFile(file);
            }
        });
        long growth;
        try (PeakMemory memory = new PeakMemory(); Socket client = tls ? tlsNonReader() : nonReader()) {
            pipeline(client, "GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n", 1);
            pipeline(client, "GET /file HTTP/1.1\r\nHost: localhost\r\n\r\n", PIPELINED - 1);
            awaitQuiet();
            Thread.sleep(500); // files are read on the event loop after their handler returned
            growth = memory.growth();
            assertThat(growth).as("Netty memory growth with %d pipelined 8 MiB files", PIPELINED - 1)
                    .isLessThanOrEqualTo(LIMIT);
            assertThat(server.metrics().bufferLimitRefusals()).as("connections given up").isZero();
            assertThat(server.metrics().openConnections()).as("the client is held back, not closed").isEqualTo(1);
        }
        ReliabilityReport.record(AREA, "Http1QueueLimitTest.pipelinedFiles[tls=" + tls + "]",
                "files answering pipelined requests behind a slow response, to a client that never reads, read no "
                        + "further than one piece each until their turn: memory stays bounded without closing",
                String.format("%d files of 8 MiB pipelined behind a slow response%s: Netty memory +%.1f MiB at "
                        + "most", PIPELINED - 1, tls ? " over TLS" : "", MemoryProbe.mib(growth)));
    }

    @Test
    void expectContinueFromANonReader() throws Exception {
        server = start(request -> request.response().send("x".repeat(1024)));
        byte[] request = ("POST /e HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nx")
                .getBytes(StandardCharsets.US_ASCII);
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        long peak = before.netty();
        long sent;
        try (NonReaders reader = new NonReaders(server.port(), 1, request, 64 * MIB, 16 * 1024)) {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!reader.settled() && System.nanoTime() < deadline) {
                Thread.sleep(20);
                peak = Math.max(peak, MemoryProbe.now().netty());
            }
            sent = reader.bytesSent();
            assertThat(reader.stalled()).as("the server stopped reading the client").isEqualTo(1);
        }
        assertThat(peak - before.netty()).as("Netty memory growth").isLessThanOrEqualTo(LIMIT);
        ReliabilityReport.record(AREA, "Http1QueueLimitTest.expectContinueFromANonReader",
                "pipelined requests with Expect: 100-continue from a client that never reads: the 100 answers and "
                        + "responses stop being produced once the outbound buffer is full (reading stops)",
                String.format("client sent %.2f MiB (%d requests) before the server stopped reading; Netty memory "
                        + "+%.1f MiB", MemoryProbe.mib(sent), sent / request.length,
                        MemoryProbe.mib(peak - before.netty())));
    }

    @Test
    void badRequestFromANonReader() throws Exception {
        server = start(request -> request.response().send("never"));
        MemoryProbe.Snapshot before = MemoryProbe.afterGc();
        long sent = 0;
        boolean closed = false;
        try (Socket client = nonReader()) {
            OutputStream out = client.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] junk = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(1000).getBytes(StandardCharsets.US_ASCII);
            try {
                while (sent < 256 * MIB) {
                    out.write(junk);
                    sent += junk.length;
                }
            } catch (IOException e) {
                closed = true;
            }
        }
        long growth = MemoryProbe.now().netty() - before.netty();
        assertThat(closed).as("the server closed the connection after its 400").isTrue();
        assertThat(answered.get()).as("requests that reached the handler").isZero();
        assertThat(growth).as("Netty memory growth").isLessThanOrEqualTo(LIMIT);
        ReliabilityReport.record(AREA, "Http1QueueLimitTest.badRequestFromANonReader",
                "a malformed request followed by a flood of pipelined requests, never reading: the server answers "
                        + "400 and closes; nothing behind it is parsed or queued",
                String.format("closed after the client sent %.2f MiB; Netty memory +%.1f MiB", MemoryProbe.mib(sent),
                        MemoryProbe.mib(growth)));
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    private HttpServer start(Consumer<ServerRequest> answer) {
        return start(false, answer);
    }

    private HttpServer start(boolean tls, Consumer<ServerRequest> answer) {
        HttpServer.Builder builder = HttpServer.builder().host("127.0.0.1").port(0).options(o -> o.ioThreads(1));
        if (tls) {
            builder.tls(TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate()));
        }
        return builder.handler(request -> {
            workers.execute(() -> {
                answer.accept(request);
                answered.incrementAndGet();
            });
        }).start();
    }

    /** Waits up to 5 s for Netty's buffers to shrink back; the growth left. */
    private static long awaitReleased(PeakMemory memory) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (memory.current() > MIB && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return memory.current();
    }

    /** A connection with small kernel buffers whose responses are never read. */
    private Socket nonReader() throws Exception {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(16 * 1024);
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
        return socket;
    }

    /** A TLS connection (HTTP/1.1, no ALPN) with small kernel buffers whose responses are never read. */
    private Socket tlsNonReader() throws Exception {
        SSLSocket socket = (SSLSocket) CERTIFICATE.clientSslContext().getSocketFactory().createSocket();
        socket.setReceiveBufferSize(16 * 1024);
        socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
        socket.startHandshake();
        return socket;
    }

    private static void pipeline(Socket socket, String request, int times) throws Exception {
        socket.getOutputStream().write(request.repeat(times).getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    /** Waits until no handler has answered for a second: the server holds what it will hold. */
    private void awaitQuiet() throws InterruptedException {
        int last = -1;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (answered.get() != last && System.nanoTime() < deadline) {
            last = answered.get();
            Thread.sleep(1000);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
