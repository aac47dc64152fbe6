package dev.brisk.rest.websocket;

import dev.brisk.http.WebSocketOptions;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.websocket.ServerEndpointTest.Client;
import jakarta.websocket.OnMessage;
import jakarta.websocket.OnOpen;
import jakarta.websocket.Session;
import jakarta.websocket.server.ServerEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link ServerEndpointDefaults} registered beside {@code @ServerEndpoint}s, and the limits a Jakarta session sets for
 * itself, through real sockets with the JDK's WebSocket client.
 */
class ServerEndpointDefaultsTest {

    private static final long TIMEOUT_SECONDS = 10;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private BriskServer server;
    private final List<WebSocket> sockets = new ArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        sockets.forEach(WebSocket::abort);
    }

    private void start(Object... controllers) {
        server = Brisk.server().port(0).host("127.0.0.1").controllers(controllers).start();
    }

    private WebSocket connect(String path, Client client) throws Exception {
        WebSocket ws = HTTP.newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + server.port() + path), client)
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        sockets.add(ws);
        return ws;
    }

    private static void send(WebSocket ws, String text) throws Exception {
        ws.sendText(text, true).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void theRegisteredMessageLimitApplies() throws Exception {
        start(new LimitsEndpoint(), ServerEndpointDefaults.builder().options(o -> o.maxMessageSize(1000)).build());
        Client client = new Client();
        WebSocket ws = connect("/limits", client);
        send(ws, "x".repeat(1000));
        assertThat(client.nextText()).isEqualTo("got 1000 of at most 1000");
        send(ws, "x".repeat(1001));
        assertThat(client.nextClose().code()).isEqualTo(1009);
    }

    @Test
    void aMessageInOneFrameMayBeAsLargeAsTheMessageLimit() throws Exception {
        start(new LimitsEndpoint()); // the default limit: 1 MiB, frames included
        Client client = new Client();
        WebSocket ws = connect("/limits", client);
        send(ws, "y".repeat(300 * 1024));
        assertThat(client.nextText()).isEqualTo("got 307200 of at most 1048576");
    }

    @Test
    void aSessionMayLowerItsOwnMessageLimit() throws Exception {
        start(new LimitsEndpoint());
        Client client = new Client();
        WebSocket ws = connect("/limits", client);
        send(ws, "limit:10");
        assertThat(client.nextText()).isEqualTo("limit now 10");
        send(ws, "0123456789");
        assertThat(client.nextText()).isEqualTo("got 10 of at most 10");
        send(ws, "0123456789a");
        assertThat(client.nextClose().code()).isEqualTo(1009);
    }

    @Test
    void aSessionCannotRaiseItsLimitBeyondTheEndpointsAndIsToldWhatToRaise() throws Exception {
        start(new LimitsEndpoint(), ServerEndpointDefaults.builder().options(o -> o.maxMessageSize(2000)).build());
        Client client = new Client();
        WebSocket ws = connect("/limits", client);
        send(ws, "limit:2001");
        assertThat(client.nextText()).isEqualTo("refused: a message buffer size must be within [1, 2000] for "
                + LimitsEndpoint.class.getName() + ": 2001; raise the maxMessageSize of ServerEndpointDefaults.options "
                + "(brisk.websocket.max-message-size) or the method's @OnMessage(maxMessageSize) for more");
    }

    @Test
    void aSessionMaySetItsIdleTimeoutWhenItOpens() throws Exception {
        // the registered timeout (60 s) is longer than the test waits: only the session's own can close it
        start(new IdleEndpoint(), ServerEndpointDefaults.builder()
                .options(o -> o.idleTimeout(Duration.ofSeconds(60)).pingInterval(Duration.ZERO)).build());
        Client client = new Client();
        connect("/idle", client);
        assertThat(client.nextText()).isEqualTo("idle timeout 200 ms");
        assertThat(client.nextClose().code()).isEqualTo(1001);
    }

    @Test
    void aZeroIdleTimeoutMeansNever() throws Exception {
        start(new IdleEndpoint(), ServerEndpointDefaults.builder()
                .options(o -> o.idleTimeout(Duration.ofMillis(200)).pingInterval(Duration.ZERO)).build());
        Client client = new Client();
        WebSocket ws = connect("/idle?never", client);
        assertThat(client.nextText()).isEqualTo("idle timeout 0 ms");
        Thread.sleep(700);
        send(ws, "still there?");
        assertThat(client.nextText()).isEqualTo("yes");
    }

    @Test
    void theSendTimeoutsComeFromTheDefaults() throws Exception {
        start(new LimitsEndpoint(), ServerEndpointDefaults.builder().asyncSendTimeout(Duration.ofSeconds(3)).build());
        Client client = new Client();
        WebSocket ws = connect("/limits", client);
        send(ws, "async-timeout");
        assertThat(client.nextText()).isEqualTo("3000");
    }

    @Test
    void twoDefaultsAreRefused() {
        assertThatThrownBy(() -> start(new LimitsEndpoint(), ServerEndpointDefaults.DEFAULT,
                ServerEndpointDefaults.builder().build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ServerEndpointDefaults registered 2 times: register one");
    }

    @Test
    void invalidDefaultsNameTheComponent() {
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().options(o -> o.maxMessageSize(0)).build())
                .hasMessage("maxMessageSize must be positive: 0");
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().options(o -> o.maxMessageSize(1L << 31)).build())
                .hasMessage("maxMessageSize must be at most 2147483647: 2147483648");
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().options(o -> o.idleTimeout(Duration.ofSeconds(-1)))
                .build())
                .hasMessage("idleTimeout must not be negative: PT-1S");
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().sendTimeout(Duration.ZERO).build())
                .hasMessage("sendTimeout must be positive: PT0S");
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().asyncSendTimeout(Duration.ofMillis(-1)).build())
                .hasMessage("asyncSendTimeout must not be negative: PT-0.001S");
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().options(o -> o.compressionLevel(10)).build())
                .hasMessage("compressionLevel must be within [0, 9]: 10");
    }

    @Test
    void optionsThatEachEndpointDecidesAreRefused() {
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().options(o -> o.aggregate(false)).build())
                .hasMessage("aggregate must be true: the messages of a @ServerEndpoint arrive whole (partial "
                        + "messages are not supported)");
        assertThatThrownBy(() -> ServerEndpointDefaults.builder().options(o -> o.subprotocols("chat")).build())
                .hasMessage("subprotocols must be empty: each endpoint names its own with "
                        + "@ServerEndpoint(subprotocols = ...): [chat]");
    }

    @Test
    void framesAreBoundedByTheMessageLimitOnly() {
        assertThat(ServerEndpointDefaults.DEFAULT.options().maxFrameSize()).isEqualTo(1024 * 1024);
        ServerEndpointDefaults small = ServerEndpointDefaults.builder().options(o -> o.maxMessageSize(1000)).build();
        assertThat(small.options().maxFrameSize()).isEqualTo(1000);
        assertThat(small.toBuilder().options(o -> o.maxMessageSize(5000)).build().options().maxFrameSize())
                .isEqualTo(5000);
        assertThat(new ServerEndpointDefaults(WebSocketOptions.DEFAULT, Duration.ofSeconds(1), Duration.ZERO)
                .options().maxFrameSize()).isEqualTo(1024 * 1024);
    }

    @Test
    void theDefaultsStartFromTheWebSocketDefaults() {
        assertThat(ServerEndpointDefaults.DEFAULT.options())
                .isEqualTo(WebSocketOptions.DEFAULT.toBuilder().maxFrameSize(1024 * 1024).build());
        assertThat(ServerEndpointDefaults.DEFAULT.sendTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(ServerEndpointDefaults.DEFAULT.asyncSendTimeout()).isEqualTo(Duration.ZERO);
        Executor executor = Runnable::run;
        assertThat(ServerEndpointDefaults.builder().options(o -> o.executor(executor)).build().options().executor())
                .contains(executor);
    }

    /** Reports message sizes against its session's limit; {@code limit:N} sets that limit. */
    @ServerEndpoint("/limits")
    public static class LimitsEndpoint {
        @OnMessage
        public String onMessage(String text, Session session) {
            if (text.startsWith("limit:")) {
                try {
                    session.setMaxTextMessageBufferSize(Integer.parseInt(text.substring(6)));
                    return "limit now " + session.getMaxTextMessageBufferSize();
                } catch (IllegalArgumentException e) {
                    return "refused: " + e.getMessage();
                }
            }
            if (text.equals("async-timeout")) {
                return Long.toString(session.getAsyncRemote().getSendTimeout());
            }
            return "got " + text.length() + " of at most " + session.getMaxTextMessageBufferSize();
        }
    }

    /** Sets its session's idle timeout when it opens, as Jakarta applications do: 200 ms, or never with {@code ?never}. */
    @ServerEndpoint("/idle")
    public static class IdleEndpoint {
        @OnOpen
        public void onOpen(Session session) throws Exception {
            session.setMaxIdleTimeout(session.getQueryString() != null ? 0 : 200);
            session.getBasicRemote().sendText("idle timeout " + session.getMaxIdleTimeout() + " ms");
        }

        @OnMessage
        public String onMessage(String text) {
            return "yes";
        }
    }
}
