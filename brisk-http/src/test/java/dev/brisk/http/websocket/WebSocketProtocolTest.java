package dev.brisk.http.websocket;

import dev.brisk.http.HttpServer;
import dev.brisk.http.WebSocketOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketSession;
import static dev.brisk.http.websocket.RawWebSocket.BINARY;
import static dev.brisk.http.websocket.RawWebSocket.CLOSE;
import static dev.brisk.http.websocket.RawWebSocket.CONTINUATION;
import static dev.brisk.http.websocket.RawWebSocket.PING;
import static dev.brisk.http.websocket.RawWebSocket.PONG;
import static dev.brisk.http.websocket.RawWebSocket.TEXT;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server's side of RFC 6455 on a raw socket: handshake refusals, close codes for protocol errors (1002), invalid
 * UTF-8 (1007) and oversized frames and messages (1009), and a selection of Autobahn-style cases.
 */
class WebSocketProtocolTest {

    private static final EchoEndpoint ECHO = new EchoEndpoint();
    private static final EchoEndpoint CLOSING = new EchoEndpoint();
    private static final FloodEndpoint FLOOD = new FloodEndpoint();
    private static HttpServer server;

    @BeforeAll
    static void start() {
        WebSocketOptions options = WebSocketOptions.builder().maxFrameSize(1024).maxMessageSize(4096)
                .allowedOrigins("https://good.example").build();
        server = HttpServer.builder().port(0).host("127.0.0.1")
                .webSocket("/echo", ECHO, options)
                .webSocket("/closing", CLOSING)
                .webSocket("/idle", new EchoEndpoint(), WebSocketOptions.builder().idleTimeout(Duration.ofMillis(200))
                        .pingInterval(Duration.ZERO).build())
                .webSocket("/idle-set", new IdleTimeoutEndpoint(), WebSocketOptions.builder()
                        .idleTimeout(Duration.ofMillis(200)).pingInterval(Duration.ZERO).build())
                .webSocket("/idle-set-long", new IdleTimeoutEndpoint())
                .webSocket("/flood", FLOOD, WebSocketOptions.builder().maxQueuedBytes(256 * 1024).build())
                .handler(request -> request.response().send("plain " + request.path()))
                .start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void handshakeIsAnsweredWith101AndTheAcceptKey() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/echo", "")) {
            assertThat(ws.status()).isEqualTo(101);
            // the key of RFC 6455, section 1.3
            assertThat(ws.responseHead().toLowerCase())
                    .contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo=")
                    .contains("upgrade: websocket").contains("connection: upgrade");
            ws.sendText("hello");
            assertThat(ws.read().text()).isEqualTo("hello");
        }
    }

    @Test
    void otherPathsStillServeHttp() throws Exception {
        try (RawWebSocket http = RawWebSocket.handshake(server.port(),
                "GET /other HTTP/1.1\r\nHost: localhost\r\n\r\n")) {
            assertThat(http.status()).isEqualTo(200);
        }
    }

    @Test
    void plainRequestToTheEndpointGets426() throws Exception {
        try (RawWebSocket http = RawWebSocket.handshake(server.port(),
                "GET /echo HTTP/1.1\r\nHost: localhost\r\n\r\n")) {
            assertThat(http.status()).isEqualTo(426);
            assertThat(http.responseHead().toLowerCase()).contains("sec-websocket-version: 13")
                    .contains("upgrade: websocket");
        }
    }

    @Test
    void unsupportedVersionGets426() throws Exception {
        try (RawWebSocket http = RawWebSocket.handshake(server.port(), "GET /echo HTTP/1.1\r\nHost: localhost\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 8\r\n\r\n")) {
            assertThat(http.status()).isEqualTo(426);
            assertThat(http.responseHead().toLowerCase()).contains("sec-websocket-version: 13");
        }
    }

    @Test
    void missingKeyGets400() throws Exception {
        try (RawWebSocket http = RawWebSocket.handshake(server.port(), "GET /echo HTTP/1.1\r\nHost: localhost\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n")) {
            assertThat(http.status()).isEqualTo(400);
        }
    }

    @Test
    void foreignOriginGets403() throws Exception {
        try (RawWebSocket denied = RawWebSocket.open(server.port(), "/echo", "Origin: https://evil.example\r\n");
             RawWebSocket allowed = RawWebSocket.open(server.port(), "/echo", "Origin: https://good.example\r\n")) {
            assertThat(denied.status()).isEqualTo(403);
            assertThat(allowed.status()).isEqualTo(101);
        }
    }

    @Test
    void unmaskedFrameIsAProtocolError() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/echo", "")) {
            ws.send(true, 0, TEXT, "x".getBytes(StandardCharsets.UTF_8), false);
            assertThat(ws.readClose().closeCode()).isEqualTo(1002);
            assertThat(ws.closedByServer()).isTrue();
        }
    }

    @Test
    void invalidUtf8Gets1007() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/echo", "")) {
            ws.send(true, TEXT, new byte[] {'a', (byte) 0xC3, (byte) 0x28});
            assertThat(ws.readClose().closeCode()).isEqualTo(1007);
            assertThat(ws.closedByServer()).isTrue();
        }
    }

    @Test
    void frameLargerThanTheLimitGets1009() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/echo", "")) {
            ws.send(true, BINARY, new byte[1025]);
            assertThat(ws.readClose().closeCode()).isEqualTo(1009);
            assertThat(ws.closedByServer()).isTrue();
        }
    }

    @Test
    void messageLargerThanTheLimitGets1009() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/echo", "")) {
            ws.send(false, BINARY, new byte[1024]);
            for (int i = 0; i < 4; i++) {
                ws.send(false, CONTINUATION, new byte[1024]);
            }
            assertThat(ws.readClose().closeCode()).isEqualTo(1009);
            ws.sendClose(1009, "");
            assertThat(ws.closedByServer()).isTrue();
        }
    }

    @Test
    void closeCodeIsEchoedAndReported() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/closing", "")) {
            CLOSING.next("open");
            ws.sendClose(4321, "bye");
            RawWebSocket.Frame close = ws.readClose();
            assertThat(close.closeCode()).isEqualTo(4321);
            assertThat(ws.closedByServer()).isTrue();
            assertThat(CLOSING.next("close:")).isEqualTo("close:4321");
        }
    }

    @Test
    void silentPeerIsClosedWhenIdle() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/idle", "")) {
            RawWebSocket.Frame close = ws.readClose();
            assertThat(close.closeCode()).isEqualTo(1001);
            assertThat(close.text()).endsWith("idle timeout");
        }
    }

    @Test
    void aSessionMayLengthenItsIdleTimeout() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/idle-set", "")) {
            ws.sendText("idle:1500");
            assertThat(ws.read().text()).isEqualTo("PT1.5S");
            long quiet = System.nanoTime();
            Thread.sleep(600); // three times the endpoint's own timeout
            ws.sendText("still here");
            assertThat(ws.read().text()).isEqualTo("PT1.5S");
            quiet = System.nanoTime();
            RawWebSocket.Frame close = ws.readClose();
            assertThat(close.closeCode()).isEqualTo(1001);
            assertThat(close.text()).endsWith("idle timeout");
            assertThat(Duration.ofNanos(System.nanoTime() - quiet)).isGreaterThanOrEqualTo(Duration.ofMillis(1400));
        }
    }

    @Test
    void aSessionMayTurnItsIdleTimeoutOff() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/idle-set", "")) {
            ws.sendText("idle:0");
            assertThat(ws.read().text()).isEqualTo("PT0S");
            Thread.sleep(800);
            ws.sendText("still here");
            assertThat(ws.read().text()).isEqualTo("PT0S");
        }
    }

    @Test
    void aSessionMayShortenItsIdleTimeout() throws Exception {
        // the endpoint's own timeout is 60 s, longer than the socket's read timeout of 10 s
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/idle-set-long", "")) {
            ws.sendText("idle:50");
            assertThat(ws.read().text()).isEqualTo("PT0.05S");
            RawWebSocket.Frame close = ws.readClose();
            assertThat(close.closeCode()).isEqualTo(1001);
            assertThat(close.text()).endsWith("idle timeout");
        }
    }

    @Test
    void aNegativeIdleTimeoutIsRefused() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/idle-set", "")) {
            ws.sendText("idle:-1");
            assertThat(ws.read().text()).isEqualTo("timeout must not be negative: PT-0.001S");
        }
    }

    /** Sets its session's idle timeout from messages {@code idle:<ms>} and answers every message with it. */
    static final class IdleTimeoutEndpoint implements WebSocketEndpoint {
        @Override
        public void onText(WebSocketSession session, String text) {
            if (text.startsWith("idle:")) {
                try {
                    session.idleTimeout(Duration.ofMillis(Long.parseLong(text.substring(5))));
                } catch (IllegalArgumentException e) {
                    session.sendText(e.getMessage());
                    return;
                }
            }
            session.sendText(session.idleTimeout().toString());
        }
    }

    @Test
    void sendsFailOnceTheQueueIsFullForAPeerThatDoesNotRead() throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/flood", "")) {
            assertThat(FLOOD.outcome.poll(30, TimeUnit.SECONDS)).startsWith("refused after")
                    .contains("not writable");
        }
    }

    /** Sends 64 KiB messages without waiting until a send is refused: the queue bound at work. */
    static final class FloodEndpoint implements WebSocketEndpoint {
        final BlockingQueue<String> outcome = new LinkedBlockingQueue<>();

        @Override
        public void onOpen(WebSocketSession session) {
            for (int i = 0; i < 2000; i++) {
                CompletableFuture<Void> sent = session.sendBinary(new byte[64 * 1024]).toCompletableFuture();
                if (sent.isCompletedExceptionally()) {
                    outcome.add("refused after " + i + (session.isWritable() ? " writable" : " not writable"));
                    return;
                }
            }
            outcome.add("never refused");
        }
    }

    /** Autobahn-style cases: what the client sends, and what the server must answer. */
    static Stream<Arguments> cases() {
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        return Stream.of(
                // 1.x / 5.x: fragmented text, with a ping between the fragments (5.6)
                Arguments.of("fragmented text with ping between", (Script) ws -> {
                    ws.send(false, TEXT, "frag".getBytes(StandardCharsets.UTF_8));
                    ws.send(true, PING, "p".getBytes(StandardCharsets.UTF_8));
                    ws.send(true, CONTINUATION, "ment".getBytes(StandardCharsets.UTF_8));
                    RawWebSocket.Frame pong = ws.read();
                    assertThat(pong.opcode()).isEqualTo(PONG);
                    assertThat(pong.text()).isEqualTo("p");
                    assertThat(ws.read().text()).isEqualTo("fragment");
                }),
                // 6.x: a character split between fragments is valid
                Arguments.of("utf-8 split across fragments", (Script) ws -> {
                    ws.send(false, TEXT, new byte[] {euro[0]});
                    ws.send(true, CONTINUATION, new byte[] {euro[1], euro[2]});
                    assertThat(ws.read().text()).isEqualTo("€");
                }),
                // 2.x: ping with payload answered by a pong with the same payload
                Arguments.of("ping echoed as pong", (Script) ws -> {
                    ws.send(true, PING, new byte[125]);
                    RawWebSocket.Frame pong = ws.read();
                    assertThat(pong.opcode()).isEqualTo(PONG);
                    assertThat(pong.payload()).hasSize(125);
                }),
                // 2.5: control frame payload over 125 bytes
                Arguments.of("ping too long", closes(1002, ws -> ws.send(true, PING, new byte[126]))),
                // 3.x: reserved bits without an extension
                Arguments.of("rsv bits set", closes(1002, ws -> ws.send(true, 1, TEXT, new byte[1], true))),
                // 4.x: reserved opcodes
                Arguments.of("reserved data opcode", closes(1002, ws -> ws.send(true, 3, new byte[0]))),
                Arguments.of("reserved control opcode", closes(1002, ws -> ws.send(true, 0xB, new byte[0]))),
                // 5.x: fragmentation errors
                Arguments.of("fragmented ping", closes(1002, ws -> ws.send(false, PING, new byte[1]))),
                Arguments.of("continuation without start", closes(1002,
                        ws -> ws.send(true, CONTINUATION, new byte[1]))),
                Arguments.of("new message inside a fragmented one", closes(1002, ws -> {
                    ws.send(false, TEXT, new byte[] {'a'});
                    ws.send(true, TEXT, new byte[] {'b'});
                })),
                // 7.x: close frames
                Arguments.of("close with invalid code", closes(1002, ws -> ws.sendClose(999, ""))),
                Arguments.of("close with one byte payload", closes(1002, ws -> ws.send(true, CLOSE, new byte[1]))),
                Arguments.of("close with reserved code 1005", closes(1002, ws -> ws.sendClose(1005, ""))),
                Arguments.of("close with invalid utf-8 reason", closes(1007, ws -> ws.send(true, CLOSE,
                        new byte[] {0x03, (byte) 0xE8, (byte) 0xFF}))),
                Arguments.of("close without status", (Script) ws -> {
                    ws.send(true, CLOSE, new byte[0]);
                    assertThat(ws.readClose().payload()).isEmpty();
                    assertThat(ws.closedByServer()).isTrue();
                }),
                Arguments.of("close with normal status", closes(1000, ws -> ws.sendClose(1000, "done"))),
                // 6.x: invalid UTF-8 in a fragmented message
                Arguments.of("invalid utf-8 in a continuation", closes(1007, ws -> {
                    ws.send(false, TEXT, new byte[] {'a'});
                    ws.send(true, CONTINUATION, new byte[] {(byte) 0xFF});
                })));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void autobahnStyle(String name, Script script) throws Exception {
        try (RawWebSocket ws = RawWebSocket.open(server.port(), "/echo", "")) {
            assertThat(ws.status()).isEqualTo(101);
            script.run(ws);
        }
    }

    private static Script closes(int code, Script send) {
        return ws -> {
            send.run(ws);
            assertThat(ws.readClose().closeCode()).isEqualTo(code);
            assertThat(ws.closedByServer()).isTrue();
        };
    }

    @FunctionalInterface
    interface Script {
        void run(RawWebSocket ws) throws Exception;
    }
}
