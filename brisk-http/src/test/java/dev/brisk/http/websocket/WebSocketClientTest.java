package dev.brisk.http.websocket;

import dev.brisk.http.HttpServer;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.WebSocketSession;
import dev.brisk.transport.SelfSignedCertificate;
import dev.brisk.transport.TlsOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** WebSocket endpoints driven by the JDK's {@code java.net.http.WebSocket} client, over ws:// and wss://. */
class WebSocketClientTest {

    private static final SelfSignedCertificate CERTIFICATE = SelfSignedCertificate.create("localhost");
    private static final EchoEndpoint ECHO = new EchoEndpoint();
    private static final EchoEndpoint PINGING = new EchoEndpoint();
    private static final ExecutorService WORKERS = Executors.newFixedThreadPool(2);
    private static HttpServer server;
    private static HttpServer tls;

    @BeforeAll
    static void start() {
        server = HttpServer.builder().port(0).host("127.0.0.1")
                .webSocket("/echo", ECHO, WebSocketOptions.builder().subprotocols("v2.chat", "v1.chat").build())
                .webSocket("/worker", new WorkerEndpoint(), WebSocketOptions.builder().executor(WORKERS).build())
                .webSocket("/closer", new CloserEndpoint())
                .webSocket("/pinging", PINGING, WebSocketOptions.builder().pingInterval(Duration.ofMillis(50))
                        .idleTimeout(Duration.ofSeconds(30)).build())
                .start();
        tls = HttpServer.builder().port(0).host("127.0.0.1")
                .tls(TlsOptions.of(CERTIFICATE.privateKey(), CERTIFICATE.certificate()))
                .webSocket("/echo", new EchoEndpoint())
                .start();
    }

    @AfterAll
    static void stop() {
        server.close();
        tls.close();
        WORKERS.shutdownNow();
    }

    private static HttpClient client() {
        return HttpClient.newBuilder().sslContext(CERTIFICATE.clientSslContext())
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    private static WebSocket connect(String uri, Recorder recorder) throws Exception {
        return client().newWebSocketBuilder().buildAsync(URI.create(uri), recorder).get(10, TimeUnit.SECONDS);
    }

    @Test
    void echoesTextAndBinary() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/echo", recorder);
        ws.sendText("hello", true).get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("text:hello");
        ws.sendBinary(ByteBuffer.wrap(new byte[] {1, 2, 3}), true).get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("binary:3");
        ws.sendClose(1000, "done").get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("close:1000");
    }

    @Test
    void fragmentsSentByTheClientArriveAsOneMessage() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/echo", recorder);
        ws.sendText("frag", false).get(5, TimeUnit.SECONDS);
        ws.sendText("men", false).get(5, TimeUnit.SECONDS);
        ws.sendText("ted", true).get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("text:fragmented");
        ws.sendBinary(ByteBuffer.wrap(new byte[1000]), false).get(5, TimeUnit.SECONDS);
        ws.sendBinary(ByteBuffer.wrap(new byte[2000]), true).get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("binary:3000");
        ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
    }

    @Test
    void clientCloseCodeReachesTheEndpointAndIsEchoed() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/closer", recorder);
        ws.sendClose(4001, "my reason").get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("close:4001");
        String close;
        do { // the other test of this endpoint reports its close here too
            close = CloserEndpoint.CLOSES.poll(10, TimeUnit.SECONDS);
        } while (close != null && close.startsWith("4100"));
        assertThat(close).isEqualTo("4001 my reason");
    }

    @Test
    void serverClosesWithItsCode() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/closer", recorder);
        ws.sendText("please close", true).get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("close:4100");
        assertThat(recorder.reasons.poll(10, TimeUnit.SECONDS)).isEqualTo("asked to");
    }

    @Test
    void pingIsAnsweredWithPong() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/echo", recorder);
        ws.sendPing(ByteBuffer.wrap("are you there".getBytes(StandardCharsets.UTF_8))).get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("pong:are you there");
        ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
    }

    @Test
    void serverPingsASilentPeerAndItsPongArrives() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/pinging", recorder);
        // the JDK client answers pings by itself; the endpoint sees the pong
        assertThat(PINGING.next("pong:")).isEqualTo("pong:");
        ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
    }

    @Test
    void subprotocolIsNegotiated() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = client().newWebSocketBuilder().subprotocols("v1.chat", "v2.chat")
                .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/echo"), recorder)
                .get(10, TimeUnit.SECONDS);
        assertThat(ws.getSubprotocol()).isEqualTo("v2.chat");
        ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
    }

    @Test
    void callbacksRunOnTheExecutorInOrder() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("ws://127.0.0.1:" + server.port() + "/worker?who=ann", recorder);
        for (int i = 0; i < 20; i++) {
            ws.sendText(Integer.toString(i), true).get(5, TimeUnit.SECONDS);
        }
        for (int i = 0; i < 20; i++) {
            assertThat(recorder.next()).isEqualTo("text:" + i + " ann on pool");
        }
        ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
    }

    @Test
    void wssOverTls() throws Exception {
        Recorder recorder = new Recorder();
        WebSocket ws = connect("wss://localhost:" + tls.port() + "/echo", recorder);
        ws.sendText("secret", true).get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("text:secret");
        ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
        assertThat(recorder.next()).isEqualTo("close:1000");
    }

    @Test
    void gracefulShutdownClosesWith1001() throws Exception {
        EchoEndpoint endpoint = new EchoEndpoint();
        HttpServer closing = HttpServer.builder().port(0).host("127.0.0.1").webSocket("/echo", endpoint).start();
        Recorder recorder = new Recorder();
        connect("ws://127.0.0.1:" + closing.port() + "/echo", recorder);
        endpoint.next("open");
        CompletableFuture<Void> closed = CompletableFuture.runAsync(closing::close, WORKERS);
        assertThat(recorder.next()).isEqualTo("close:1001");
        assertThat(recorder.reasons.poll(10, TimeUnit.SECONDS)).isEqualTo("server shutting down");
        closed.get(30, TimeUnit.SECONDS);
        assertThat(endpoint.next("close:")).isEqualTo("close:1001");
    }

    /** Answers on a pool thread (blocking there is fine), with a query parameter of the handshake. */
    static final class WorkerEndpoint implements WebSocketEndpoint {
        @Override
        public void onText(WebSocketSession session, String text) {
            boolean pool = !Thread.currentThread().getName().contains("brisk");
            session.sendText(text + " " + session.query("who").orElse("?") + (pool ? " on pool" : " on loop"));
        }
    }

    /** Closes with 4100 when asked; records the close it gets. */
    static final class CloserEndpoint implements WebSocketEndpoint {
        static final BlockingQueue<String> CLOSES = new LinkedBlockingQueue<>();

        @Override
        public void onText(WebSocketSession session, String text) {
            session.close(4100, "asked to");
        }

        @Override
        public void onClose(WebSocketSession session, int code, String reason) {
            CLOSES.add(code + " " + reason);
        }
    }

    /** Records what the client receives. */
    static final class Recorder implements WebSocket.Listener {
        final BlockingQueue<String> events = new LinkedBlockingQueue<>();
        final BlockingQueue<String> reasons = new LinkedBlockingQueue<>();
        private final StringBuilder text = new StringBuilder();
        private int binary;

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                events.add("text:" + text);
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
            binary += data.remaining();
            if (last) {
                events.add("binary:" + binary);
                binary = 0;
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onPong(WebSocket ws, ByteBuffer message) {
            events.add("pong:" + StandardCharsets.UTF_8.decode(message));
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            events.add("close:" + statusCode);
            reasons.add(reason);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            events.add("error:" + error);
        }

        String next() throws InterruptedException {
            String event = events.poll(10, TimeUnit.SECONDS);
            assertThat(event).as("an event within 10 s").isNotNull();
            return event;
        }
    }
}
