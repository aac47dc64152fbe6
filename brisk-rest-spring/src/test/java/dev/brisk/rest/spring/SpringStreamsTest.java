package dev.brisk.rest.spring;

import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Spring MVC's streamed results over real sockets, beyond the sample shop: emitters filled before the handler returns,
 * in a {@code ResponseEntity}, timing out, failing, losing their client; plain {@code ResponseBodyEmitter}s; and
 * {@code StreamingResponseBody} failures before and after the first bytes.
 */
@Timeout(60)
class SpringStreamsTest {

    public record Price(String symbol, double value) {
    }

    @RestController
    public static class StreamsController {
        final BlockingQueue<SseEmitter> opened = new LinkedBlockingQueue<>();
        final List<String> callbacks = new CopyOnWriteArrayList<>();
        final CompletableFuture<Throwable> disconnect = new CompletableFuture<>();
        final CompletableFuture<Void> disconnectCompleted = new CompletableFuture<>();

        @GetMapping("/early")
        public SseEmitter early() throws IOException {
            SseEmitter emitter = new SseEmitter();
            emitter.send("one");
            emitter.send(SseEmitter.event().name("price").data(new Price("ACME", 12.5)));
            emitter.send(SseEmitter.event().comment("only a comment"));
            emitter.send(SseEmitter.event().data("two\nlines").data(Map.of("n", 3), MediaType.APPLICATION_JSON));
            emitter.complete();
            return emitter;
        }

        @GetMapping("/entity")
        public ResponseEntity<SseEmitter> entity() throws IOException {
            SseEmitter emitter = new SseEmitter();
            emitter.send(SseEmitter.event().id("7").data("hello"));
            opened.add(emitter);
            return ResponseEntity.status(202).header("X-Stream", "prices").body(emitter);
        }

        @GetMapping("/timeout")
        public SseEmitter timeout() {
            SseEmitter emitter = new SseEmitter(300L);
            emitter.onTimeout(() -> callbacks.add("timeout"));
            emitter.onCompletion(() -> callbacks.add("completion"));
            return emitter;
        }

        @GetMapping("/watched")
        public SseEmitter watched() {
            SseEmitter emitter = new SseEmitter();
            emitter.onError(disconnect::complete);
            emitter.onCompletion(() -> disconnectCompleted.complete(null));
            opened.add(emitter);
            return emitter;
        }

        @GetMapping("/failing")
        public SseEmitter failing() {
            SseEmitter emitter = new SseEmitter();
            opened.add(emitter);
            return emitter;
        }

        @GetMapping(path = "/prices", produces = "application/x-ndjson")
        public ResponseBodyEmitter prices() {
            ResponseBodyEmitter emitter = new ResponseBodyEmitter();
            new Thread(() -> {
                try {
                    emitter.send(new Price("ACME", 12.5));
                    emitter.send("\n");
                    emitter.send(new Price("BETA", 3), MediaType.APPLICATION_JSON);
                    emitter.send("\n");
                    emitter.complete();
                } catch (IOException e) {
                    emitter.completeWithError(e);
                }
            }, "price-feed").start();
            return emitter;
        }

        @GetMapping("/export-fails-early")
        public StreamingResponseBody exportFailsEarly() {
            return out -> {
                throw new IllegalStateException("the catalog is unavailable");
            };
        }

        @GetMapping("/export-fails-late")
        public StreamingResponseBody exportFailsLate() {
            return out -> {
                out.write("id,name\n1,Teapot\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                throw new IOException("the catalog connection broke");
            };
        }
    }

    private static final StreamsController CONTROLLER = new StreamsController();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @RegisterExtension
    static final BriskServerExtension SERVER = BriskServerExtension.of(() -> dev.brisk.rest.Brisk.server()
            .controllers(CONTROLLER));

    @Test
    void eventsSentBeforeTheHandlerReturnedAreWrittenThenTheStreamEnds(TestClient client) {
        TestResponse response = client.get("/early").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-type")).hasValue("text/event-stream");
        assertThat(response.body()).isEqualTo("""
                data: one

                event: price
                data: {"symbol":"ACME","value":12.5}

                :only a comment

                data: two
                data: lines
                data: {"n":3}

                """);
    }

    @Test
    void responseEntityOfSseEmitterSetsStatusAndHeaders() throws Exception {
        HttpResponse<InputStream> response = CLIENT.send(request("/entity"), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.headers().firstValue("x-stream")).hasValue("prices");
        assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
        SseEmitter emitter = CONTROLLER.opened.poll(10, TimeUnit.SECONDS);
        emitter.send(SseEmitter.event().id("8").data("world"));
        emitter.complete();
        try (InputStream body = response.body()) {
            assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8))
                    .isEqualTo("id: 7\ndata: hello\n\nid: 8\ndata: world\n\n");
        }
    }

    @Test
    void aTimedOutEmitterRunsItsCallbacksAndEndsTheStream(TestClient client) throws InterruptedException {
        TestResponse response = client.get("/timeout").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEmpty();
        // onCompletion runs once the response has ended: the client may see the end a moment before
        for (int i = 0; i < 500 && CONTROLLER.callbacks.size() < 2; i++) {
            Thread.sleep(10);
        }
        assertThat(CONTROLLER.callbacks).containsExactly("timeout", "completion");
    }

    @Test
    void aClientThatLeavesIsReportedToOnErrorAndOnCompletion() throws Exception {
        SseEmitter emitter;
        try (Socket socket = connect("/watched")) {
            emitter = CONTROLLER.opened.poll(10, TimeUnit.SECONDS);
            emitter.send("are you there?");
            assertThat(readUntil(socket.getInputStream(), "data: are you there?\n\n")).startsWith("HTTP/1.1 200");
        }
        assertThat(CONTROLLER.disconnect.get(10, TimeUnit.SECONDS))
                .isInstanceOf(AsyncRequestNotUsableException.class);
        CONTROLLER.disconnectCompleted.get(10, TimeUnit.SECONDS);
        // as on Spring MVC, the emitter is complete once the error was reported
        assertThatThrownBy(() -> emitter.send("late")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void completeWithErrorCutsTheStreamOff() throws Exception {
        try (Socket socket = connect("/failing")) {
            SseEmitter emitter = CONTROLLER.opened.poll(10, TimeUnit.SECONDS);
            emitter.send("partial");
            emitter.completeWithError(new IOException("the feed broke"));
            String received = readAll(socket.getInputStream());
            assertThat(received).startsWith("HTTP/1.1 200").contains("data: partial\n\n")
                    .doesNotContain("\r\n0\r\n\r\n");
        }
    }

    @Test
    void responseBodyEmitterWritesEachObjectAsItIsSent(TestClient client) {
        TestResponse response = client.get("/prices").execute();
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("content-type")).hasValue("application/x-ndjson");
        assertThat(response.body()).isEqualTo("""
                {"symbol":"ACME","value":12.5}
                {"symbol":"BETA","value":3.0}
                """);
    }

    @Test
    void streamingBodyFailingBeforeItsFirstBytesIsAnErrorResponse(TestClient client) {
        TestResponse response = client.get("/export-fails-early").execute();
        assertThat(response.status()).isEqualTo(500);
        assertThat(response.header("content-type")).hasValue("application/problem+json");
        assertThat(response.body()).doesNotContain("catalog");
    }

    @Test
    void streamingBodyFailingAfterItsFirstBytesIsCutOff() throws Exception {
        try (Socket socket = connect("/export-fails-late")) {
            String received = readAll(socket.getInputStream());
            assertThat(received).startsWith("HTTP/1.1 200").contains("1,Teapot").doesNotContain("\r\n0\r\n\r\n");
        }
    }

    private static HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + SERVER.server().port() + path))
                .timeout(Duration.ofSeconds(10)).build();
    }

    private static Socket connect(String path) throws IOException {
        Socket socket = new Socket("127.0.0.1", SERVER.server().port());
        socket.setSoTimeout(10_000);
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    private static String readUntil(InputStream in, String end) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        while (!received.toString(StandardCharsets.UTF_8).contains(end)) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            received.write(b);
        }
        return received.toString(StandardCharsets.UTF_8);
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            for (int n; (n = in.read(buffer)) != -1; ) {
                received.write(buffer, 0, n);
            }
        } catch (java.net.SocketException reset) {
            // a connection cut off may also be reset
        }
        return received.toString(StandardCharsets.UTF_8);
    }
}
