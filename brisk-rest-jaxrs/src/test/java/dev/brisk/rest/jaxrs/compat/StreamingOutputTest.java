package dev.brisk.rest.jaxrs.compat;

import dev.brisk.http.testing.RawConnection;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import java.util.zip.GZIPInputStream;

import java.util.Random;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CSV exports and downloads of {@link TodoApplication} over real sockets: a {@code StreamingOutput} reaches the
 * client as it writes and flushes, a large one never sits in memory, a writer interceptor compresses it, failures
 * before the first bytes go to the exception mappers and after them cut the response off; files and file streams
 * carry their length.
 */
class StreamingOutputTest {

    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private int start(TaskArchive archive, AttachmentStore attachments) {
        server = Brisk.server().port(0).controllers(new TodoApplication(TaskStore.seeded(), new FilterTrace(),
                archive, attachments, new TaskEvents())).start();
        return server.port();
    }

    private static Task archived(long id) {
        Task task = new Task("archived task number " + id + " with the notes that came with it", 3, null);
        task.setId(id);
        task.setDone(true);
        return task;
    }

    @Test
    void theFlushedHeaderReachesTheClientWhileTheExportIsStillReadingTheArchive() throws Exception {
        CountDownLatch clientSawHeader = new CountDownLatch(1);
        TaskArchive slowArchive = () -> {
            Iterator<Task> rows = new Iterator<>() {
                private int next = 1;

                @Override
                public boolean hasNext() {
                    if (next == 1) {
                        try {
                            // the archive answers only once the client has the header: if the flush were held
                            // back, the client would never see it and nothing would come
                            if (!clientSawHeader.await(30, TimeUnit.SECONDS)) {
                                throw new IllegalStateException("the flushed header never reached the client");
                            }
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    return next <= 2;
                }

                @Override
                public Task next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    return archived(next++);
                }
            };
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(rows, Spliterator.ORDERED), false);
        };
        int port = start(slowArchive, AttachmentStore.inTemporaryDirectory());

        try (RawConnection connection = new RawConnection(port)) {
            connection.send("GET /api/tasks/export/archive HTTP/1.1\r\nHost: x\r\n\r\n");
            InputStream in = connection.socket().getInputStream();
            StringBuilder received = new StringBuilder();
            while (!received.toString().contains(TaskExportResource.HEADER)) {
                int b = in.read();
                assertThat(b).as("the connection ended before the header row").isNotEqualTo(-1);
                received.append((char) b);
            }
            assertThat(received.toString()).startsWith("HTTP/1.1 200").contains("content-type: text/csv")
                    .contains("content-disposition: attachment; filename=\"archive.csv\"")
                    .contains("transfer-encoding: chunked").doesNotContain("archived task");
            clientSawHeader.countDown();
            while (!received.toString().endsWith("\r\n0\r\n\r\n")) {
                int b = in.read();
                assertThat(b).as("the connection ended before the last chunk").isNotEqualTo(-1);
                received.append((char) b);
            }
            assertThat(received.toString()).contains("1,archived task number 1 with")
                    .contains("2,archived task number 2 with");
        }
    }

    @Test
    void aLargeExportIsWrittenAsTheClientReadsItNeverHeldInMemory() throws Exception {
        long rows = 300_000;
        AtomicLong read = new AtomicLong();
        int port = start(() -> LongStream.rangeClosed(1, rows).peek(id -> read.incrementAndGet())
                .mapToObj(StreamingOutputTest::archived), AttachmentStore.inTemporaryDirectory());
        long size = rows * 70; // over 20 MB of CSV: far beyond what the socket buffers of both sides hold

        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(64 * 1024);
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write("GET /api/tasks/export/archive HTTP/1.1\r\nHost: x\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            byte[] first = in.readNBytes(4096);
            assertThat(new String(first, StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200")
                    .contains(TaskExportResource.HEADER);
            assertThat(read.get()).as("archive rows read when the client has the first bytes: written into memory "
                    + "first, they would all be").isLessThan(rows);

            byte[] buffer = new byte[64 * 1024];
            long received = first.length;
            long lines = count(first, first.length);
            int n;
            byte[] tail = new byte[5];
            while ((n = in.read(buffer)) != -1) {
                received += n;
                lines += count(buffer, n);
                keepTail(tail, buffer, n);
                if (new String(tail, StandardCharsets.US_ASCII).equals("0\r\n\r\n") && read.get() == rows) {
                    break;
                }
            }
            assertThat(read.get()).isEqualTo(rows);
            assertThat(received).isGreaterThan(size);
            // the head's lines, the CSV header and rows, and the chunk framing
            assertThat(lines).isGreaterThan(rows);
        }
    }

    private static long count(byte[] bytes, int length) {
        long lines = 0;
        for (int i = 0; i < length; i++) {
            if (bytes[i] == '\n') {
                lines++;
            }
        }
        return lines;
    }

    private static void keepTail(byte[] tail, byte[] buffer, int n) {
        if (n >= tail.length) {
            System.arraycopy(buffer, n - tail.length, tail, 0, tail.length);
        } else {
            System.arraycopy(tail, n, tail, 0, tail.length - n);
            System.arraycopy(buffer, 0, tail, tail.length - n, n);
        }
    }

    @Test
    void theApplicationsWriterInterceptorCompressesTheStreamedExport() throws Exception {
        int port = start(TaskArchive.empty(), AttachmentStore.inTemporaryDirectory());
        String csv = TaskExportResource.HEADER + "1,write the report,2,false\n";

        try (RawConnection connection = new RawConnection(port)) {
            RawConnection.Response gzip = connection.send("GET /api/tasks/export HTTP/1.1\r\nHost: x\r\n"
                    + "Accept-Encoding: gzip\r\n\r\n").read();
            assertThat(gzip.status()).isEqualTo(200);
            assertThat(gzip.header("content-encoding")).isEqualTo("gzip");
            assertThat(gzip.header("vary")).contains("Accept-Encoding");
            try (InputStream unzipped = new GZIPInputStream(new ByteArrayInputStream(gzip.body()))) {
                assertThat(new String(unzipped.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(csv);
            }

            RawConnection.Response plain = connection.send("GET /api/tasks/export HTTP/1.1\r\nHost: x\r\n\r\n")
                    .read();
            assertThat(plain.header("content-encoding")).isNull();
            assertThat(plain.bodyText()).isEqualTo(csv);
        }
    }

    @Test
    void aFailureBeforeTheFirstBytesIsAnsweredByTheExceptionMappers() throws Exception {
        int port = start(() -> {
            throw new IllegalStateException("the archive database is offline");
        }, AttachmentStore.inTemporaryDirectory());

        try (RawConnection connection = new RawConnection(port)) {
            RawConnection.Response failed = connection.send("GET /api/tasks/export/archive HTTP/1.1\r\nHost: x\r\n"
                    + "Origin: https://app.example.com\r\n\r\n").read();
            assertThat(failed.status()).isEqualTo(500);
            assertThat(failed.header("content-type")).isEqualTo("application/json");
            assertThat(failed.header("content-disposition")).as("the export's own headers").isNull();
            assertThat(failed.header("access-control-allow-origin")).as("through the response filters")
                    .isEqualTo("https://app.example.com");
            assertThat(failed.bodyText()).isEqualTo("{\"status\":500,\"message\":\"unexpected error\","
                    + "\"exception\":\"IllegalStateException\",\"violations\":[]}");
            // the connection carries the next request
            assertThat(connection.send("GET /api/tasks/1 HTTP/1.1\r\nHost: x\r\n\r\n").read().status())
                    .isEqualTo(200);
        }
    }

    @Test
    void aFailureAfterTheFirstBytesCutsTheResponseOffWithoutASecondHead() throws Exception {
        int port = start(() -> Stream.iterate(1L, id -> id + 1).map(id -> {
            if (id > 1000) {
                throw new UncheckedIOException(new IOException("archive disk read error"));
            }
            return archived(id);
        }), AttachmentStore.inTemporaryDirectory());

        try (RawConnection connection = new RawConnection(port)) {
            connection.send("GET /api/tasks/export/archive HTTP/1.1\r\nHost: x\r\n\r\n");
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            connection.socket().getInputStream().transferTo(received);
            String text = received.toString(StandardCharsets.ISO_8859_1);
            assertThat(text).startsWith("HTTP/1.1 200").contains(TaskExportResource.HEADER)
                    .contains("500,archived task number 500").doesNotContain("\r\n0\r\n\r\n");
            assertThat(text.indexOf("HTTP/1.1", 1)).as("a second head").isEqualTo(-1);
        }
    }

    @Test
    void aFileAndAFileStreamAreSentWithTheirLength() throws Exception {
        AttachmentStore attachments = AttachmentStore.inTemporaryDirectory();
        byte[] scan = new byte[100_000];
        new Random(7).nextBytes(scan);
        attachments.save(1, "scan.png", "image/png", "front page", new ByteArrayInputStream(scan));
        int port = start(TaskArchive.empty(), attachments);

        try (RawConnection connection = new RawConnection(port)) {
            RawConnection.Response file = connection.send("GET /api/tasks/1/attachments/1 HTTP/1.1\r\nHost: x\r\n\r\n")
                    .read();
            assertThat(file.status()).isEqualTo(200);
            assertThat(file.header("content-length")).isEqualTo("100000");
            assertThat(file.header("transfer-encoding")).isNull();
            assertThat(file.header("content-type")).isEqualTo("image/png");
            assertThat(file.header("content-disposition")).isEqualTo("attachment; filename=\"scan.png\"");
            assertThat(file.body()).isEqualTo(scan);

            RawConnection.Response stream = connection.send("GET /api/tasks/1/attachments/1/inline HTTP/1.1\r\n"
                    + "Host: x\r\n\r\n").read();
            assertThat(stream.status()).isEqualTo(200);
            assertThat(stream.header("content-length")).isEqualTo("100000");
            assertThat(stream.header("content-disposition")).isEqualTo("inline");
            assertThat(stream.body()).isEqualTo(scan);

            RawConnection.Response missing = connection.send("GET /api/tasks/1/attachments/2 HTTP/1.1\r\nHost: x"
                    + "\r\n\r\n").read();
            assertThat(missing.status()).isEqualTo(404);
            assertThat(missing.bodyText()).contains("\"message\":\"no attachment 2 on task 1\"");
        }
    }
}
