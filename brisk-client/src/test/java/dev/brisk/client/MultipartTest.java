package dev.brisk.client;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.common.Protocol;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import java.net.ServerSocket;
import java.util.function.LongSupplier;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Multipart and url-encoded form bodies, decoded by the server side with Netty's HttpPostRequestDecoder. */
class MultipartTest extends ClientTestSupport {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static final int MIB = 1024 * 1024;

    @TempDir
    Path files;
    @TempDir
    Path spill;

    private final List<ReceivedForm> received = new CopyOnWriteArrayList<>();
    /** Temporary files in {@link #spill} while the server held the latest request. */
    private final AtomicLong spilledDuringCall = new AtomicLong(-1);
    private final CountDownLatch held = new CountDownLatch(1);

    private HttpServer recordingServer() {
        return recordingServer(HttpServer.builder());
    }

    private HttpServer recordingServer(HttpServer.Builder builder) {
        AtomicBoolean hungOnce = new AtomicBoolean();
        return server(builder.options(o -> o.limits(l -> l.maxBodySize(64 * MIB))), request -> {
            received.add(ReceivedForm.of(request));
            spilledDuringCall.set(spilledFiles());
            switch (request.path()) {
                case "/hold" -> held.countDown(); // never answered
                case "/old" -> request.response().status(307).header("Location", "/new").send();
                case "/flaky" -> {
                    if (!hungOnce.compareAndSet(false, true)) {
                        answer(request);
                    } // else: no answer, the read timeout ends the first attempt
                }
                default -> answer(request);
            }
        });
    }

    private static void answer(ServerRequest request) {
        request.response().header("Content-Type", "text/plain").send("ok " + request.protocol());
    }

    private long spilledFiles() {
        try (Stream<Path> list = Files.list(spill)) {
            return list.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    private Path file(String name, byte[] content) throws IOException {
        return Files.write(files.resolve(name), content);
    }

    private ReceivedForm last() {
        assertThat(received).isNotEmpty();
        return received.get(received.size() - 1);
    }

    @Test
    void fieldsAndSmallFilesArriveWithNamesFilenamesTypesAndBytes() throws Exception {
        HttpServer server = recordingServer();
        Path notes = file("notes.txt", "line one\nline two\n".getBytes(StandardCharsets.UTF_8));
        byte[] icon = random(3000, 1);
        byte[] small = random(5000, 2);
        Multipart body = Multipart.builder()
                .field("title", "Holiday")
                .field("greeting", "Grüße aus Köln — 日本 🚀")
                .file("notes", notes, "text/plain")
                .part("icon", "icon.png", icon, "image/png")
                .part("data", "data.bin", new ByteArrayInputStream(small), "application/octet-stream")
                .tempDirectory(spill)
                .build();

        HttpResponse response = client().post(url(server, "/upload")).body(body).send();

        assertThat(response.bodyAsString()).isEqualTo("ok HTTP_1_1");
        ReceivedForm form = last();
        assertThat(form.header("content-type")).startsWith("multipart/form-data; boundary=");
        List<ReceivedForm.Part> parts = form.parts();
        assertThat(parts).extracting(ReceivedForm.Part::name)
                .containsExactly("title", "greeting", "notes", "icon", "data");
        assertThat(parts.get(0).text()).isEqualTo("Holiday");
        assertThat(parts.get(0).filename()).isNull();
        assertThat(parts.get(1).text()).isEqualTo("Grüße aus Köln — 日本 🚀");
        assertThat(parts.get(2)).satisfies(p -> {
            assertThat(p.filename()).isEqualTo("notes.txt");
            assertThat(p.contentType()).isEqualTo("text/plain");
            assertThat(p.text()).isEqualTo("line one\nline two\n");
        });
        assertThat(parts.get(3)).satisfies(p -> {
            assertThat(p.filename()).isEqualTo("icon.png");
            assertThat(p.contentType()).isEqualTo("image/png");
            assertThat(p.bytes()).isEqualTo(icon);
        });
        assertThat(parts.get(4)).satisfies(p -> {
            assertThat(p.filename()).isEqualTo("data.bin");
            assertThat(p.contentType()).isEqualTo("application/octet-stream");
            assertThat(p.bytes()).isEqualTo(small);
        });
        assertThat(spilledDuringCall.get()).isZero(); // a small stream stays in memory
        assertThat(spilledFiles()).isZero();
        assertThat(Files.readAllBytes(notes)).isNotEmpty(); // the caller's file is never deleted
    }

    @Test
    void aMultiMegabyteFileIsSentFromDiskWithoutTemporaryCopies() throws Exception {
        HttpServer server = recordingServer();
        byte[] content = random(6 * MIB + 123, 3);
        Path video = file("clip.mp4", content);

        client().post(url(server, "/upload"))
                .body(Multipart.builder().field("kind", "clip").file("video", video, "video/mp4")
                        .tempDirectory(spill).build())
                .send();

        List<ReceivedForm.Part> parts = last().parts();
        assertThat(parts).extracting(ReceivedForm.Part::name).containsExactly("kind", "video");
        assertThat(parts.get(1).filename()).isEqualTo("clip.mp4");
        assertThat(parts.get(1).contentType()).isEqualTo("video/mp4");
        assertThat(parts.get(1).sha256()).isEqualTo(ReceivedForm.sha256(content));
        assertThat(spilledDuringCall.get()).isZero();
        assertThat(video).exists();
    }

    @Test
    void aMultiMegabyteStreamGoesThroughATemporaryFileThatIsDeletedAfterTheCall() throws Exception {
        HttpServer server = recordingServer();
        byte[] content = random(5 * MIB + 7, 4);
        CloseTrackingStream stream = new CloseTrackingStream(content);

        client().post(url(server, "/upload"))
                .body(Multipart.builder().part("dump", "dump.bin", stream, "application/x-dump")
                        .tempDirectory(spill).build())
                .send();

        ReceivedForm.Part part = last().parts().get(0);
        assertThat(part.filename()).isEqualTo("dump.bin");
        assertThat(part.contentType()).isEqualTo("application/x-dump");
        assertThat(part.sha256()).isEqualTo(ReceivedForm.sha256(content));
        assertThat(spilledDuringCall.get()).isEqualTo(1);
        assertThat(spilledFiles()).isZero();
        assertThat(stream.closed).isTrue();
    }

    @Test
    void theSpillThresholdDecidesWhatGoesToDisk() throws Exception {
        HttpServer server = recordingServer();
        byte[] content = random(2000, 5);

        client().post(url(server, "/upload"))
                .body(Multipart.builder().part("a", "a.bin", new ByteArrayInputStream(content), "x/y")
                        .spillThreshold(1000).tempDirectory(spill).build())
                .send();

        assertThat(spilledDuringCall.get()).isEqualTo(1);
        assertThat(last().parts().get(0).bytes()).isEqualTo(content);
        assertThat(spilledFiles()).isZero();
    }

    @Test
    void urlEncodedFormWithNonAsciiValues() throws Exception {
        HttpServer server = recordingServer();
        Form form = Form.builder()
                .field("name", "Zoë & Co")
                .field("query", "a+b=c?d/é 🚀")
                .field("tag", "one")
                .field("tag", "two")
                .build();

        client().post(url(server, "/form")).body(form).send();

        ReceivedForm request = last();
        assertThat(request.header("content-type")).isEqualTo("application/x-www-form-urlencoded");
        assertThat(request.header("content-length")).isEqualTo(String.valueOf(request.body().length));
        assertThat(new String(request.body(), StandardCharsets.US_ASCII)).doesNotContain("ë", " ");
        List<ReceivedForm.Part> parts = request.parts();
        assertThat(parts).extracting(ReceivedForm.Part::name).containsExactly("name", "query", "tag", "tag");
        assertThat(parts).extracting(ReceivedForm.Part::text)
                .containsExactly("Zoë & Co", "a+b=c?d/é 🚀", "one", "two");
    }

    @Test
    void multipartOverHttp2WithPriorKnowledge() throws Exception {
        HttpServer server = recordingServer();
        byte[] content = random(2 * MIB, 6);
        BriskClient client = client(clientBuilder().options(o -> o.protocol(ProtocolPolicy.H2C_PRIOR_KNOWLEDGE)));

        HttpResponse response = client.post(url(server, "/upload"))
                .body(Multipart.builder().field("über", "straße")
                        .part("blob", "blob.bin", new ByteArrayInputStream(content), "application/octet-stream")
                        .tempDirectory(spill).build())
                .send();

        assertThat(response.bodyAsString()).isEqualTo("ok HTTP_2");
        assertThat(last().protocol()).isEqualTo(Protocol.HTTP_2);
        List<ReceivedForm.Part> parts = last().parts();
        assertThat(parts.get(0).name()).isEqualTo("über");
        assertThat(parts.get(0).text()).isEqualTo("straße");
        assertThat(parts.get(1).sha256()).isEqualTo(ReceivedForm.sha256(content));
        assertThat(spilledDuringCall.get()).isEqualTo(1);
        assertThat(spilledFiles()).isZero();
    }

    @Test
    void multipartOverTlsOnHttp11AndHttp2() throws Exception {
        HttpServer server = recordingServer(HttpServer.builder().tls(TlsOptions.of(CERTIFICATE.privateKey(),
                CERTIFICATE.certificate())));
        byte[] content = random(MIB + 17, 7);
        Path file = file("big.bin", content);
        for (ProtocolPolicy protocol : List.of(ProtocolPolicy.HTTP_1_1, ProtocolPolicy.H2)) {
            BriskClient client = client(clientBuilder().options(o -> o.protocol(protocol))
                    .tls(TlsOptions.builder().trustCertificates(CERTIFICATE.certificate()).build()));

            client.post("https://localhost:" + server.port() + "/upload")
                    .body(Multipart.builder().field("p", protocol.name()).file("f", file).build())
                    .send();

            List<ReceivedForm.Part> parts = last().parts();
            assertThat(last().protocol()).isEqualTo(protocol == ProtocolPolicy.H2 ? Protocol.HTTP_2 : Protocol.HTTP_1_1);
            assertThat(parts.get(0).text()).isEqualTo(protocol.name());
            assertThat(parts.get(1).filename()).isEqualTo("big.bin");
            assertThat(parts.get(1).sha256()).isEqualTo(ReceivedForm.sha256(content));
        }
    }

    @Test
    void a307RedirectResendsTheSameMultipartBody() throws Exception {
        HttpServer server = recordingServer();
        byte[] streamed = random(MIB, 8);
        byte[] fileContent = random(300_000, 9);
        Path file = file("f.bin", fileContent);

        HttpResponse response = client().post(url(server, "/old"))
                .body(Multipart.builder().field("a", "1")
                        .file("file", file, "application/pdf")
                        .part("stream", "s.bin", new ByteArrayInputStream(streamed), "application/octet-stream")
                        .tempDirectory(spill).build())
                .send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(received).extracting(ReceivedForm::path).containsExactly("/old", "/new");
        List<ReceivedForm.Part> first = received.get(0).parts();
        List<ReceivedForm.Part> second = received.get(1).parts();
        assertThat(second).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(second.get(i).name()).isEqualTo(first.get(i).name());
            assertThat(second.get(i).filename()).isEqualTo(first.get(i).filename());
            assertThat(second.get(i).contentType()).isEqualTo(first.get(i).contentType());
            assertThat(second.get(i).sha256()).isEqualTo(first.get(i).sha256());
        }
        assertThat(second.get(1).sha256()).isEqualTo(ReceivedForm.sha256(fileContent));
        assertThat(second.get(2).sha256()).isEqualTo(ReceivedForm.sha256(streamed));
        assertThat(spilledDuringCall.get()).isEqualTo(1); // still there for the second sending
        assertThat(spilledFiles()).isZero();
    }

    @Test
    void aRetryResendsTheSameMultipartBody() throws Exception {
        HttpServer server = recordingServer();
        byte[] streamed = random(200_000, 10);
        RetryPolicy always = RetryPolicy.builder().maxRetries(1).condition((request, failure) -> true).build();

        HttpResponse response = client().post(url(server, "/flaky"))
                .readTimeout(Duration.ofMillis(300))
                .retryPolicy(always)
                .body(Multipart.builder().field("n", "v")
                        .part("s", "s.bin", new ByteArrayInputStream(streamed), "application/octet-stream")
                        .tempDirectory(spill).build())
                .send();

        assertThat(response.status()).isEqualTo(200);
        assertThat(received).hasSize(2);
        for (ReceivedForm attempt : received) {
            List<ReceivedForm.Part> parts = attempt.parts();
            assertThat(parts.get(0).text()).isEqualTo("v");
            assertThat(parts.get(1).sha256()).isEqualTo(ReceivedForm.sha256(streamed));
        }
        assertThat(spilledFiles()).isZero();
    }

    @Test
    void temporaryFilesAreDeletedWhenTheCallFails() throws Exception {
        HttpServer server = recordingServer();
        Multipart body = Multipart.builder()
                .part("s", "s.bin", new ByteArrayInputStream(random(MIB, 11)), "application/octet-stream")
                .tempDirectory(spill).build();

        Throwable failure = failure(client().post(url(server, "/hold")).readTimeout(Duration.ofMillis(300))
                .retryPolicy(RetryPolicy.NONE).body(body).execute());

        assertThat(failure).isInstanceOf(ClientReadTimeoutException.class);
        assertThat(spilledDuringCall.get()).isEqualTo(1);
        assertThat(spilledFiles()).isZero();
    }

    @Test
    void temporaryFilesAreDeletedWhenTheConnectionIsRefused() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Multipart body = Multipart.builder()
                .part("s", "s.bin", new SpillCheckingStream(random(MIB, 12), this::spilledFiles), "x/y")
                .tempDirectory(spill).build();

        Throwable failure = failure(client().post("http://127.0.0.1:" + port + "/").body(body).execute());

        assertThat(failure).isInstanceOf(ClientConnectException.class);
        assertThat(SpillCheckingStream.sawSpill).isTrue();
        assertThat(spilledFiles()).isZero();
    }

    @Test
    void temporaryFilesAreDeletedWhenTheCallIsCancelled() throws Exception {
        HttpServer server = recordingServer();
        Multipart body = Multipart.builder()
                .part("s", "s.bin", new ByteArrayInputStream(random(MIB, 13)), "application/octet-stream")
                .tempDirectory(spill).build();

        CompletableFuture<HttpResponse> call = client().post(url(server, "/hold")).body(body).execute()
                .toCompletableFuture();
        assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(spilledFiles()).isEqualTo(1);
        call.cancel(true);

        assertThat(call).isCancelled();
        await(() -> spilledFiles() == 0, "the temporary file to be deleted");
    }

    @Test
    void temporaryFilesAreDeletedWhenTheClientCloses() throws Exception {
        HttpServer server = recordingServer();
        BriskClient client = clientBuilder().build();
        Multipart body = Multipart.builder()
                .part("s", "s.bin", new ByteArrayInputStream(random(MIB, 14)), "application/octet-stream")
                .tempDirectory(spill).build();

        CompletableFuture<HttpResponse> call = client.post(url(server, "/hold")).body(body).execute()
                .toCompletableFuture();
        assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(spilledFiles()).isEqualTo(1);
        client.close();

        assertThat(failure(call)).isInstanceOf(HttpClientException.class);
        await(() -> spilledFiles() == 0, "the temporary file to be deleted");
    }

    @Test
    void anExplicitMultipartContentTypeGetsTheBoundary() throws Exception {
        HttpServer server = recordingServer();

        client().post(url(server, "/upload")).contentType("multipart/form-data")
                .body(Multipart.builder().field("a", "b").build()).send();

        assertThat(last().header("content-type")).startsWith("multipart/form-data; boundary=");
        assertThat(last().parts().get(0).text()).isEqualTo("b");
    }

    @Test
    void expectContinueSendsTheHeadWithItsBoundaryThenTheBody() throws Exception {
        HttpServer server = recordingServer();
        byte[] content = random(100_000, 15);

        client().post(url(server, "/upload")).header("Expect", "100-continue")
                .body(Multipart.builder().field("a", "b")
                        .part("s", "s.bin", new ByteArrayInputStream(content), "x/y").tempDirectory(spill).build())
                .send();

        assertThat(last().header("content-type")).startsWith("multipart/form-data; boundary=");
        assertThat(last().parts().get(1).bytes()).isEqualTo(content);
    }

    @Test
    void aConflictingContentTypeIsRejected() {
        HttpServer server = recordingServer();
        BriskClient client = client();

        assertThatThrownBy(() -> client.post(url(server, "/upload")).contentType("application/json")
                .body(Multipart.builder().field("a", "b").build()).send())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("application/json")
                .hasMessageContaining("multipart/form-data");
        assertThatThrownBy(() -> client.post(url(server, "/upload")).contentType("text/plain")
                .body(Form.builder().field("a", "b").build()).send())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("application/x-www-form-urlencoded");
        assertThat(received).isEmpty();
    }

    @Test
    void badPartsAreRejectedWhenAdded() {
        Multipart.Builder builder = Multipart.builder();

        assertThatThrownBy(() -> builder.field(null, "v")).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("field name");
        assertThatThrownBy(() -> builder.field("", "v")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.field("a", null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> builder.field("a\"b", "v")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a\"b");
        assertThatThrownBy(() -> builder.file(null, Path.of("x"))).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> builder.part("f", "x\r\ny", new byte[1], "a/b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("filename");
        assertThatThrownBy(() -> builder.part("f", "x", (InputStream) null, "a/b"))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> builder.part("f", "x", new byte[1], "a/b\r\nX-Evil: 1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.spillThreshold(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Form.builder().field(null, "v")).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aMissingFileFailsTheCallAndNothingIsSent() {
        HttpServer server = recordingServer();

        Throwable failure = failure(client().post(url(server, "/upload"))
                .body(Multipart.builder().field("a", "b").file("f", files.resolve("missing.bin")).build())
                .execute());

        assertThat(failure).isInstanceOf(UncheckedIOException.class).hasMessageContaining("missing.bin");
        assertThat(received).isEmpty();
    }

    @Test
    void aMultipartWithAStreamIsSentOnceOtherwiseAnyNumberOfTimes() throws Exception {
        HttpServer server = recordingServer();
        BriskClient client = client();
        Multipart reusable = Multipart.builder().field("a", "b").part("c", "c.txt", new byte[] {1, 2}, "x/y").build();
        Multipart once = Multipart.builder().part("s", "s", new ByteArrayInputStream(new byte[10]), "x/y").build();

        client.post(url(server, "/1")).body(reusable).send();
        client.post(url(server, "/2")).body(reusable).send();
        client.post(url(server, "/3")).body(once).send();

        assertThatThrownBy(() -> client.post(url(server, "/4")).body(once).send())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("sent once");
        assertThat(received.get(1).parts().get(1).bytes()).containsExactly(1, 2);
        assertThat(received).hasSize(3);
    }

    /** A stream that records whether it was closed. */
    private static final class CloseTrackingStream extends ByteArrayInputStream {
        volatile boolean closed;

        CloseTrackingStream(byte[] data) {
            super(data);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** A stream that, once read to its end, checks that its content went to a temporary file. */
    private static final class SpillCheckingStream extends ByteArrayInputStream {
        static volatile boolean sawSpill;
        private final LongSupplier spilled;

        SpillCheckingStream(byte[] data, LongSupplier spilled) {
            super(data);
            this.spilled = spilled;
            sawSpill = false;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            int read = super.read(b, off, len);
            if (read < 0 && spilled.getAsLong() == 1) {
                sawSpill = true;
            }
            return read;
        }
    }
}
