package dev.brisk.rest;

import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.WebSocketSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.brisk.http.CompressionOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** WebSocket endpoints on brisk-rest routes: path templates, filters before the upgrade, ordinary routes beside. */
class WebSocketRouteTest {

    private static BriskServer server;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = Brisk.server().port(0).host("127.0.0.1")
                .filter((ctx, chain) -> {
                    if (ctx.request().path().startsWith("/chat/")
                            && ctx.request().query("token").filter("secret"::equals).isEmpty()) {
                        ctx.response().status(403).send("no token");
                        return;
                    }
                    chain.proceed(ctx);
                })
                .web(w -> w.webSocket("/chat/{room}", new RoomEndpoint(), WebSocketOptions.builder()
                .maxMessageSize(1024)
                        .maxFrameSize(1024).build()))
                .get("/hello", ctx -> ctx.send("hi"))
                .start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void pathParametersReachTheSession() throws Exception {
        Messages messages = new Messages();
        WebSocket ws = CLIENT.newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/chat/lobby?token=secret"), messages)
                .get(10, TimeUnit.SECONDS);
        assertThat(messages.next()).isEqualTo("welcome to lobby");
        ws.sendText("hello", true).get(5, TimeUnit.SECONDS);
        assertThat(messages.next()).isEqualTo("lobby: hello");
        ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
        assertThat(messages.next()).isEqualTo("close 1000");
    }

    @Test
    void filtersRunBeforeTheUpgrade() {
        assertThatThrownBy(() -> CLIENT.newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/chat/lobby"), new Messages())
                .get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(WebSocketHandshakeException.class)
                .satisfies(e -> assertThat(((WebSocketHandshakeException) e).getResponse().statusCode())
                        .isEqualTo(403));
    }

    @Test
    void plainGetOfTheEndpointGets426AndOtherRoutesWork() throws Exception {
        HttpResponse<String> plain = CLIENT.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.port() + "/chat/lobby?token=secret")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(plain.statusCode()).isEqualTo(426);
        HttpResponse<String> hello = CLIENT.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.port() + "/hello")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(hello.body()).isEqualTo("hi");
    }

    @Test
    void anUpgradeThroughACompressingServerIsNotEncoded() throws Exception {
        try (BriskServer compressing = Brisk.server().port(0).host("127.0.0.1")
                .web(w -> w.compression(CompressionOptions.DEFAULT)
                .webSocket("/chat/{room}", new RoomEndpoint()))
                .start()) {
            Messages messages = new Messages();
            WebSocket ws = CLIENT.newWebSocketBuilder().header("Accept-Encoding", "gzip, deflate")
                    .buildAsync(URI.create("ws://127.0.0.1:" + compressing.port() + "/chat/zip"), messages)
                    .get(10, TimeUnit.SECONDS);
            assertThat(messages.next()).isEqualTo("welcome to zip");
            ws.sendText("x".repeat(4096), true).get(5, TimeUnit.SECONDS);
            assertThat(messages.next()).isEqualTo("zip: " + "x".repeat(4096));
            ws.sendClose(1000, "").get(5, TimeUnit.SECONDS);
        }
    }

    static final class RoomEndpoint implements WebSocketEndpoint {
        @Override
        public void onOpen(WebSocketSession session) {
            session.sendText("welcome to " + session.pathParams().get("room"));
        }

        @Override
        public void onText(WebSocketSession session, String text) {
            session.sendText(session.pathParams().get("room") + ": " + text);
        }
    }

    static final class Messages implements WebSocket.Listener {
        private final BlockingQueue<String> received = new LinkedBlockingQueue<>();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            received.add(data.toString());
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            received.add("close " + statusCode);
            return CompletableFuture.completedFuture(null);
        }

        String next() throws InterruptedException {
            String message = received.poll(10, TimeUnit.SECONDS);
            assertThat(message).as("a message within 10 s").isNotNull();
            return message;
        }
    }
}
