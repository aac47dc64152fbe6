package dev.brisk.rest.websocket;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import jakarta.websocket.CloseReason;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.OnClose;
import jakarta.websocket.OnError;
import jakarta.websocket.OnMessage;
import jakarta.websocket.OnOpen;
import jakarta.websocket.PongMessage;
import jakarta.websocket.Session;
import jakarta.websocket.server.PathParam;
import jakarta.websocket.server.ServerEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Jakarta WebSocket {@code @ServerEndpoint} classes served by Brisk, driven by the JDK's WebSocket client. */
class ServerEndpointTest {

    private static final long TIMEOUT_SECONDS = 10;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private BriskServer server;
    private final List<WebSocket> sockets = new ArrayList<>();

    @BeforeEach
    void clearRecords() {
        CloseEndpoint.CLOSES.clear();
        FailingEndpoint.ERRORS.clear();
        FailingEndpoint.EVENTS.clear();
        PongEndpoint.PONGS.clear();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        sockets.forEach(WebSocket::abort);
    }

    private BriskServer start(Object... endpoints) {
        server = Brisk.server().port(0).host("127.0.0.1").controllers(endpoints).start();
        return server;
    }

    private URI uri(String pathAndQuery) {
        return URI.create("ws://127.0.0.1:" + server.port() + pathAndQuery);
    }

    private WebSocket connect(String pathAndQuery, Client client) throws Exception {
        return connect(HTTP.newWebSocketBuilder(), pathAndQuery, client);
    }

    private WebSocket connect(WebSocket.Builder builder, String pathAndQuery, Client client) throws Exception {
        WebSocket ws = builder.buildAsync(uri(pathAndQuery), client).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        sockets.add(ws);
        return ws;
    }

    private static void send(WebSocket ws, String text) throws Exception {
        ws.sendText(text, true).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private static void sendBinary(WebSocket ws, byte[] data) throws Exception {
        ws.sendBinary(ByteBuffer.wrap(data), true).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private static <T> T poll(BlockingQueue<T> queue, String what) throws InterruptedException {
        T value = queue.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(value).as(what + " within " + TIMEOUT_SECONDS + " s").isNotNull();
        return value;
    }

    // --- 1. echo: a returned value is sent back

    @Test
    void returnedStringIsSentBackAsText() throws Exception {
        start(new EchoEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/echo", client);
        send(ws, "hello");
        assertThat(client.nextText()).isEqualTo("echo:hello");
        send(ws, "again");
        assertThat(client.nextText()).isEqualTo("echo:again");
        ws.sendClose(1000, "").get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(client.nextClose().code()).isEqualTo(1000);
    }

    @Test
    void returnedByteBufferIsSentBackAsBinary() throws Exception {
        start(new Utf8Endpoint());
        Client client = new Client();
        WebSocket ws = connect("/utf8", client);
        send(ws, "héllo");
        assertThat(client.nextBinary()).containsExactly("héllo".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void plainRoutesWorkBesideEndpoints() throws Exception {
        server = Brisk.server().port(0).host("127.0.0.1")
                .get("/hello", ctx -> ctx.send("hi"))
                .controllers(new EchoEndpoint())
                .start();
        HttpResponse<String> hello = HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + server.port() + "/hello"))
                        .timeout(Duration.ofSeconds(TIMEOUT_SECONDS)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(hello.statusCode()).isEqualTo(200);
        assertThat(hello.body()).isEqualTo("hi");
        Client client = new Client();
        WebSocket ws = connect("/echo", client);
        send(ws, "x");
        assertThat(client.nextText()).isEqualTo("echo:x");
    }

    // --- 2. path parameters and session data

    @Test
    void sessionDescribesTheHandshake() throws Exception {
        start(new RoomEndpoint());
        Client client = new Client();
        connect("/rooms/blue?user=ann", client);
        Map<String, String> info = parse(client.nextText());
        assertThat(info)
                .containsEntry("room", "blue")
                .containsEntry("pathParameters", "{room=blue}")
                .containsEntry("query", "user=ann")
                .containsEntry("user", "[ann]")
                .containsEntry("uri", "/rooms/blue?user=ann")
                .containsEntry("version", "13")
                .containsEntry("open", "true")
                .containsEntry("config", "true");
        assertThat(info.get("id")).isNotEmpty();
    }

    @Test
    void sessionIdsDifferBetweenConnections() throws Exception {
        start(new RoomEndpoint());
        Client first = new Client();
        Client second = new Client();
        connect("/rooms/blue", first);
        connect("/rooms/red", second);
        Map<String, String> one = parse(first.nextText());
        Map<String, String> two = parse(second.nextText());
        assertThat(one).containsEntry("room", "blue");
        assertThat(two).containsEntry("room", "red");
        assertThat(one.get("id")).isNotEmpty();
        assertThat(two.get("id")).isNotEmpty().isNotEqualTo(one.get("id"));
    }

    @Test
    void pathParameterIsConvertedToInt() throws Exception {
        start(new CountEndpoint());
        Client client = new Client();
        connect("/count/41", client);
        assertThat(client.nextText()).isEqualTo("next:42");
    }

    @Test
    void pathParametersAreConvertedToLongAndBooleanOnMessage() throws Exception {
        start(new TypedEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/typed/9000000000/true", client);
        send(ws, "m");
        assertThat(client.nextText()).isEqualTo("m:9000000001:false");
    }

    // --- 3. binary messages

    @Test
    void byteBufferMessageIsAnsweredThroughTheAsyncRemote() throws Exception {
        start(new ReverseBufferEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/reverse", client);
        sendBinary(ws, new byte[] {1, 2, 3, 4, 5});
        assertThat(client.nextBinary()).containsExactly(5, 4, 3, 2, 1);
        sendBinary(ws, new byte[] {9, 8});
        assertThat(client.nextBinary()).containsExactly(8, 9);
    }

    @Test
    void returnedByteArrayIsSentBackAsBinary() throws Exception {
        start(new ReverseArrayEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/reverse-array", client);
        sendBinary(ws, new byte[] {10, 20, 30});
        assertThat(client.nextBinary()).containsExactly(30, 20, 10);
    }

    // --- 4. one instance per connection

    @Test
    void eachConnectionHasItsOwnEndpointInstance() throws Exception {
        start(new CounterEndpoint());
        Client a = new Client();
        Client b = new Client();
        WebSocket wsA = connect("/counter", a);
        WebSocket wsB = connect("/counter", b);
        send(wsA, "x");
        assertThat(a.nextText()).isEqualTo("1");
        send(wsA, "x");
        assertThat(a.nextText()).isEqualTo("2");
        send(wsB, "x");
        assertThat(b.nextText()).isEqualTo("1");
        send(wsA, "x");
        assertThat(a.nextText()).isEqualTo("3");
        send(wsB, "x");
        assertThat(b.nextText()).isEqualTo("2");
    }

    // --- 5. open sessions of the same endpoint

    @Test
    void broadcastReachesEveryOpenSessionOfTheEndpoint() throws Exception {
        start(new ChatEndpoint(), new EchoEndpoint());
        Client ann = new Client();
        Client bob = new Client();
        Client other = new Client();
        WebSocket wsAnn = connect("/chat", ann);
        assertThat(ann.nextText()).isEqualTo("welcome");
        WebSocket wsBob = connect("/chat", bob);
        assertThat(bob.nextText()).isEqualTo("welcome");
        // a session of another endpoint on the same server is not among the chat's sessions
        WebSocket wsOther = connect("/echo", other);
        send(wsOther, "here");
        assertThat(other.nextText()).isEqualTo("echo:here");

        send(wsAnn, "who");
        assertThat(ann.nextText()).isEqualTo("open:2");
        send(wsAnn, "hi");
        assertThat(ann.nextText()).isEqualTo("hi");
        assertThat(bob.nextText()).isEqualTo("hi");

        wsBob.sendClose(1000, "").get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(bob.nextClose().code()).isEqualTo(1000);
        // the closed session leaves the set once the server has processed the close
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        String open;
        do {
            send(wsAnn, "who");
            open = ann.nextText();
        } while (!open.equals("open:1") && System.nanoTime() < deadline);
        assertThat(open).isEqualTo("open:1");
        send(wsAnn, "still here");
        assertThat(ann.nextText()).isEqualTo("still here");
    }

    // --- 6. close

    @Test
    void endpointClosesWithItsReason() throws Exception {
        start(new CloseEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/close", client);
        send(ws, "quit");
        Close close = client.nextClose();
        assertThat(close.code()).isEqualTo(1001);
        assertThat(close.reason()).isEqualTo("bye");
        // the client's answer echoes the code only: @OnClose gets the reason the endpoint closed with
        assertThat(poll(CloseEndpoint.CLOSES, "@OnClose")).isEqualTo("1001 bye");
    }

    @Test
    void clientCloseReachesOnClose() throws Exception {
        start(new CloseEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/close", client);
        send(ws, "ping");
        assertThat(client.nextText()).isEqualTo("pong");
        ws.sendClose(4000, "done").get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(client.nextClose().code()).isEqualTo(4000);
        assertThat(poll(CloseEndpoint.CLOSES, "@OnClose")).isEqualTo("4000 done");
    }

    // --- 7. errors

    @Test
    void exceptionOfOnMessageReachesOnErrorAndClosesWith1011() throws Exception {
        start(new FailingEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/fail", client);
        send(ws, "anything");
        assertThat(poll(FailingEndpoint.ERRORS, "@OnError"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("boom");
        assertThat(client.nextClose().code()).isEqualTo(1011);
        assertThat(poll(FailingEndpoint.EVENTS, "first callback")).isEqualTo("error");
        assertThat(poll(FailingEndpoint.EVENTS, "@OnClose after @OnError")).isEqualTo("close:1011");
    }

    // --- 8. pong

    @Test
    void pongReachesOnMessage() throws Exception {
        start(new PongEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/pong", client);
        ws.sendPong(ByteBuffer.wrap("heartbeat".getBytes(StandardCharsets.UTF_8)))
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertThat(poll(PongEndpoint.PONGS, "the pong's data")).isEqualTo("heartbeat");
    }

    // --- 9. limits

    @Test
    void messageAboveMaxMessageSizeClosesWith1009() throws Exception {
        start(new SmallEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/small", client);
        send(ws, "a".repeat(16));
        assertThat(client.nextText()).isEqualTo("ok:" + "a".repeat(16));
        send(ws, "b".repeat(17));
        assertThat(client.nextClose().code()).isEqualTo(1009);
    }

    @Test
    void textLimitLeavesBinaryMessagesAlone() throws Exception {
        start(new MixedLimitsEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/mixed", client);
        byte[] large = new byte[1000];
        large[999] = 7;
        sendBinary(ws, large);
        assertThat(client.nextBinary()).containsExactly(large);
        send(ws, "c".repeat(17));
        assertThat(client.nextClose().code()).isEqualTo(1009);
    }

    // --- 10. blocking callbacks, one at a time per connection

    @Test
    void callbackMayBlockAndSendThroughTheBasicRemote() throws Exception {
        start(new SleepyEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/sleepy", client);
        send(ws, "a");
        assertThat(client.nextText()).isEqualTo("slept:a");
    }

    @Test
    void callbacksOfAConnectionRunOneAtATimeInOrder() throws Exception {
        start(new SleepyEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/sleepy", client);
        for (int i = 0; i < 20; i++) {
            send(ws, Integer.toString(i));
        }
        for (int i = 0; i < 20; i++) {
            assertThat(client.nextText()).isEqualTo("slept:" + i);
        }
    }

    // --- 11. filters run before the handshake

    @Test
    void filterRefusesTheHandshake() throws Exception {
        server = Brisk.server().port(0).host("127.0.0.1")
                .filter((ctx, chain) -> {
                    if (ctx.header("x-token").isEmpty()) {
                        ctx.response().status(401).send("no token");
                        return;
                    }
                    chain.proceed(ctx);
                })
                .controllers(new EchoEndpoint())
                .start();
        assertThatThrownBy(() -> HTTP.newWebSocketBuilder().buildAsync(uri("/echo"), new Client())
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(WebSocketHandshakeException.class)
                .satisfies(e -> assertThat(((WebSocketHandshakeException) e).getResponse().statusCode())
                        .isEqualTo(401));

        Client client = new Client();
        WebSocket ws = connect(HTTP.newWebSocketBuilder().header("x-token", "secret"), "/echo", client);
        send(ws, "in");
        assertThat(client.nextText()).isEqualTo("echo:in");
    }

    // --- 12. subprotocol

    @Test
    void subprotocolIsNegotiated() throws Exception {
        start(new ProtocolEndpoint());
        Client client = new Client();
        WebSocket ws = connect(HTTP.newWebSocketBuilder().subprotocols("v2.chat"), "/proto", client);
        assertThat(ws.getSubprotocol()).isEqualTo("v2.chat");
        assertThat(client.nextText()).isEqualTo("protocol:v2.chat");
    }

    private static Map<String, String> parse(String lines) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String line : lines.split("\n")) {
            int eq = line.indexOf('=');
            map.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return map;
    }

    // --- endpoints

    @ServerEndpoint("/echo")
    public static class EchoEndpoint {
        @OnMessage
        public String echo(String text) {
            return "echo:" + text;
        }
    }

    @ServerEndpoint("/utf8")
    public static class Utf8Endpoint {
        @OnMessage
        public ByteBuffer utf8(String text) {
            return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Sends one message of {@code key=value} lines describing its session. */
    @ServerEndpoint("/rooms/{room}")
    public static class RoomEndpoint {
        @OnOpen
        public void open(Session session, EndpointConfig config, @PathParam("room") String room) throws IOException {
            String info = String.join("\n",
                    "room=" + room,
                    "pathParameters=" + session.getPathParameters(),
                    "query=" + session.getQueryString(),
                    "user=" + session.getRequestParameterMap().get("user"),
                    "uri=" + session.getRequestURI(),
                    "version=" + session.getProtocolVersion(),
                    "open=" + session.isOpen(),
                    "config=" + (config != null),
                    "id=" + session.getId());
            session.getBasicRemote().sendText(info);
        }
    }

    @ServerEndpoint("/count/{n}")
    public static class CountEndpoint {
        @OnOpen
        public void open(Session session, @PathParam("n") int n) throws IOException {
            session.getBasicRemote().sendText("next:" + (n + 1));
        }
    }

    @ServerEndpoint("/typed/{big}/{flag}")
    public static class TypedEndpoint {
        @OnMessage
        public String typed(String text, @PathParam("big") long big, @PathParam("flag") boolean flag) {
            return text + ":" + (big + 1) + ":" + !flag;
        }
    }

    @ServerEndpoint("/reverse")
    public static class ReverseBufferEndpoint {
        @OnMessage
        public void bytes(ByteBuffer data, Session session) {
            byte[] reversed = new byte[data.remaining()];
            for (int i = reversed.length - 1; i >= 0; i--) {
                reversed[i] = data.get();
            }
            session.getAsyncRemote().sendBinary(ByteBuffer.wrap(reversed));
        }
    }

    @ServerEndpoint("/reverse-array")
    public static class ReverseArrayEndpoint {
        @OnMessage
        public byte[] bytes(byte[] data) {
            byte[] reversed = new byte[data.length];
            for (int i = 0; i < data.length; i++) {
                reversed[i] = data[data.length - 1 - i];
            }
            return reversed;
        }
    }

    /** State per instance: one instance per connection counts that connection's messages. */
    @ServerEndpoint("/counter")
    public static class CounterEndpoint {
        private int count;

        @OnMessage
        public String count(String message) {
            return String.valueOf(++count);
        }
    }

    /** Broadcasts to the open sessions of the endpoint; "who" answers how many there are. */
    @ServerEndpoint("/chat")
    public static class ChatEndpoint {
        @OnOpen
        public void open(Session session) throws IOException {
            session.getBasicRemote().sendText("welcome");
        }

        @OnMessage
        public void message(String text, Session session) throws IOException {
            if (text.equals("who")) {
                session.getBasicRemote().sendText("open:" + session.getOpenSessions().size());
                return;
            }
            for (Session open : session.getOpenSessions()) {
                open.getBasicRemote().sendText(text);
            }
        }
    }

    /** Closes with 1001 on "quit"; records every close as "code phrase". */
    @ServerEndpoint("/close")
    public static class CloseEndpoint {
        static final BlockingQueue<String> CLOSES = new LinkedBlockingQueue<>();

        @OnMessage
        public void message(String text, Session session) throws IOException {
            if (text.equals("quit")) {
                session.close(new CloseReason(CloseReason.CloseCodes.GOING_AWAY, "bye"));
            } else {
                session.getBasicRemote().sendText("pong");
            }
        }

        @OnClose
        public void closed(Session session, CloseReason reason) {
            CLOSES.add(reason.getCloseCode().getCode() + " " + reason.getReasonPhrase());
        }
    }

    @ServerEndpoint("/fail")
    public static class FailingEndpoint {
        static final BlockingQueue<Throwable> ERRORS = new LinkedBlockingQueue<>();
        static final BlockingQueue<String> EVENTS = new LinkedBlockingQueue<>();

        @OnMessage
        public String fail(String text) {
            throw new IllegalStateException("boom");
        }

        @OnError
        public void error(Session session, Throwable error) {
            ERRORS.add(error);
            EVENTS.add("error");
        }

        @OnClose
        public void closed(Session session, CloseReason reason) {
            EVENTS.add("close:" + reason.getCloseCode().getCode());
        }
    }

    @ServerEndpoint("/pong")
    public static class PongEndpoint {
        static final BlockingQueue<String> PONGS = new LinkedBlockingQueue<>();

        @OnMessage
        public void pong(PongMessage pong) {
            PONGS.add(StandardCharsets.UTF_8.decode(pong.getApplicationData()).toString());
        }
    }

    @ServerEndpoint("/small")
    public static class SmallEndpoint {
        @OnMessage(maxMessageSize = 16)
        public String small(String text) {
            return "ok:" + text;
        }
    }

    /** A limit on text messages only: binary messages keep the default limit. */
    @ServerEndpoint("/mixed")
    public static class MixedLimitsEndpoint {
        @OnMessage(maxMessageSize = 16)
        public String small(String text) {
            return "ok:" + text;
        }

        @OnMessage
        public byte[] bytes(byte[] data) {
            return data;
        }
    }

    /** Blocks in its callback; answers "overlap" if two callbacks of its connection ever run at once. */
    @ServerEndpoint("/sleepy")
    public static class SleepyEndpoint {
        private final AtomicInteger running = new AtomicInteger();

        @OnMessage
        public void message(String text, Session session) throws IOException, InterruptedException {
            boolean alone = running.incrementAndGet() == 1;
            try {
                Thread.sleep(50);
                session.getBasicRemote().sendText(alone ? "slept:" + text : "overlap:" + text);
            } finally {
                running.decrementAndGet();
            }
        }
    }

    @ServerEndpoint(value = "/proto", subprotocols = {"v2.chat"})
    public static class ProtocolEndpoint {
        @OnOpen
        public void open(Session session) throws IOException {
            session.getBasicRemote().sendText("protocol:" + session.getNegotiatedSubprotocol());
        }
    }

    // --- client side

    record Close(int code, String reason) {
    }

    /** Records whole messages (String for text, byte[] for binary), closes and errors. */
    static final class Client implements WebSocket.Listener {
        private final BlockingQueue<Object> messages = new LinkedBlockingQueue<>();
        private final BlockingQueue<Close> closes = new LinkedBlockingQueue<>();
        private final BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();
        private final StringBuilder text = new StringBuilder();
        private final ByteArrayOutputStream binary = new ByteArrayOutputStream();

        @Override
        public void onOpen(WebSocket ws) {
            ws.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                messages.add(text.toString());
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            binary.writeBytes(bytes);
            if (last) {
                messages.add(binary.toByteArray());
                binary.reset();
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            closes.add(new Close(statusCode, reason));
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            errors.add(error);
        }

        Object next() throws InterruptedException {
            Object message = messages.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertThat(message).as("a message within %d s (client errors: %s, closes: %s)",
                    TIMEOUT_SECONDS, errors, closes).isNotNull();
            return message;
        }

        String nextText() throws InterruptedException {
            Object message = next();
            assertThat(message).as("a text message").isInstanceOf(String.class);
            return (String) message;
        }

        byte[] nextBinary() throws InterruptedException {
            Object message = next();
            assertThat(message).as("a binary message").isInstanceOf(byte[].class);
            return (byte[]) message;
        }

        Close nextClose() throws InterruptedException {
            Close close = closes.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertThat(close).as("a close within %d s (client errors: %s, messages: %s)",
                    TIMEOUT_SECONDS, errors, messages).isNotNull();
            return close;
        }
    }
}
