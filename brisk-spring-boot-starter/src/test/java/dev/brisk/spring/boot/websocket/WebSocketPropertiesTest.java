package dev.brisk.spring.boot.websocket;

import dev.brisk.rest.websocket.ServerEndpointDefaults;
import dev.brisk.spring.boot.internal.WebSocketDefaults;
import jakarta.websocket.OnMessage;
import jakarta.websocket.Session;
import jakarta.websocket.server.ServerEndpoint;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import java.net.http.WebSocketHandshakeException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code brisk.websocket.*} sets the defaults of {@code @ServerEndpoint} beans; an application's own bean wins. */
class WebSocketPropertiesTest {

    /** Answers each message with its session's limits and timeouts. */
    @Component
    @ServerEndpoint("/limits")
    public static class LimitsEndpoint {
        @OnMessage
        public String describe(String text, Session session) {
            return "text=" + session.getMaxTextMessageBufferSize() + " idle=" + session.getMaxIdleTimeout()
                    + " async=" + session.getAsyncRemote().getSendTimeout();
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(LimitsEndpoint.class)
    static class Application {
    }

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = Application.class,
            properties = {"brisk.websocket.max-message-size=2KB", "brisk.websocket.idle-timeout=90s",
                    "brisk.websocket.async-send-timeout=4s", "brisk.websocket.allowed-origins=https://app.example"})
    class FromProperties {

        @LocalServerPort
        int port;

        @Autowired
        ServerEndpointDefaults defaults;

        @Test
        void theSessionStartsFromTheProperties() throws Exception {
            assertThat(defaults.options().maxMessageSize()).isEqualTo(2048);
            Client client = new Client();
            WebSocket ws = client.connect(port, "https://app.example");
            ws.sendText("hi", true).get(10, TimeUnit.SECONDS);
            assertThat(client.next()).isEqualTo("text=2048 idle=90000 async=4000");
            ws.sendText("x".repeat(2049), true).get(10, TimeUnit.SECONDS);
            assertThat(client.closes.poll(10, TimeUnit.SECONDS)).isEqualTo(1009);
        }

        @Test
        void anOriginNotListedIsRefused() {
            Client client = new Client();
            assertThat(client.connectFails(port, "https://evil.example")).contains("403");
            assertThat(client.connectFails(port, "http://127.0.0.1:" + port)).isEqualTo("connected");
        }
    }

    @Test
    void anOriginThatCannotMatchFailsStartUp() {
        Binder binder = new Binder(new MapConfigurationPropertySource(
                Map.of("brisk.websocket.allowed-origins", "app.example")));
        assertThatThrownBy(() -> WebSocketDefaults.of(binder))
                .hasMessageStartingWith("Invalid brisk.websocket.allowed-origins: allowedOrigins must hold \"*\" or "
                        + "origins")
                .hasMessageEndingWith(": app.example");
    }

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = Application.class)
    class ByDefault {

        @LocalServerPort
        int port;

        @Test
        void onlyTheServersOwnPagesConnect() {
            Client client = new Client();
            assertThat(client.connectFails(port, "http://127.0.0.1:" + port)).isEqualTo("connected");
            assertThat(client.connectFails(port, null)).isEqualTo("connected");
            assertThat(client.connectFails(port, "https://evil.example")).isEqualTo("403");
            assertThat(client.connectFails(port, "null")).isEqualTo("403");
        }
    }

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, classes = Application.class,
            properties = "brisk.websocket.allowed-origins=*")
    class AnyOrigin {

        @LocalServerPort
        int port;

        @Test
        void everyOriginConnects() {
            Client client = new Client();
            assertThat(client.connectFails(port, "https://evil.example")).isEqualTo("connected");
            assertThat(client.connectFails(port, "null")).isEqualTo("connected");
        }
    }

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            classes = {Application.class, OwnDefaults.class}, properties = "brisk.websocket.max-message-size=2KB")
    class FromABean {

        @LocalServerPort
        int port;

        @Test
        void theApplicationsBeanWins() throws Exception {
            Client client = new Client();
            WebSocket ws = client.connect(port, null);
            ws.sendText("hi", true).get(10, TimeUnit.SECONDS);
            assertThat(client.next()).isEqualTo("text=512 idle=0 async=0");
        }
    }

    static class OwnDefaults {
        @Bean
        ServerEndpointDefaults myDefaults() {
            return ServerEndpointDefaults.builder().options(o -> o.maxMessageSize(512).idleTimeout(Duration.ZERO))
                    .build();
        }
    }

    static final class Client implements WebSocket.Listener {
        final BlockingQueue<String> texts = new LinkedBlockingQueue<>();
        final BlockingQueue<Integer> closes = new LinkedBlockingQueue<>();

        WebSocket connect(int port, String origin) throws Exception {
            WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder();
            if (origin != null) {
                builder.header("Origin", origin);
            }
            return builder.buildAsync(URI.create("ws://127.0.0.1:" + port + "/limits"), this)
                    .get(10, TimeUnit.SECONDS);
        }

        String connectFails(int port, String origin) {
            try {
                connect(port, origin).abort();
                return "connected";
            } catch (Exception e) {
                return String.valueOf(e.getCause() instanceof WebSocketHandshakeException handshake
                        ? handshake.getResponse().statusCode() : e);
            }
        }

        String next() throws InterruptedException {
            String text = texts.poll(10, TimeUnit.SECONDS);
            assertThat(text).as("a message within 10 s (closes: %s)", closes).isNotNull();
            return text;
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            texts.add(data.toString());
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            closes.add(statusCode);
            return null;
        }
    }
}
