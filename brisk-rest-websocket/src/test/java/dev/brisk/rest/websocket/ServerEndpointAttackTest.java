package dev.brisk.rest.websocket;

import dev.brisk.http.testing.PingFloodScenario;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.http.testing.SampledLeakDetection;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import jakarta.websocket.OnMessage;
import jakarta.websocket.server.ServerEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The WebSocket attacks on {@code @ServerEndpoint} classes: a ping flood from a client that never reads is held back
 * as on any Brisk WebSocket, and only same-origin pages may connect unless {@link ServerEndpointDefaults} lists
 * other origins or {@code "*"}.
 */
@SampledLeakDetection
class ServerEndpointAttackTest {

    private static final String AREA = "WebSocket attacks";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private BriskServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ServerEndpoint("/echo")
    public static class Echo {
        @OnMessage
        public String echo(String text) {
            return text;
        }
    }

    private BriskServer start(Object... controllers) {
        server = Brisk.server().port(0).host("127.0.0.1")
                .http(http -> http.options(o -> o.ioThreads(1).writeTimeout(Duration.ofSeconds(2))))
                .get("/hello", ctx -> ctx.send("hi"))
                .controllers(controllers)
                .start();
        return server;
    }

    @Test
    @Timeout(120)
    void pingFloodIsHeldBack() throws Exception {
        start(new Echo());
        String measured = PingFloodScenario.run(server.port(), "/echo", "/hello");
        ReliabilityReport.record(AREA, "ServerEndpointAttackTest.pingFloodIsHeldBack",
                "the ping flood is held back the same way on a Jakarta @ServerEndpoint (callbacks on their own "
                        + "threads)", measured);
    }

    /** The status of a handshake to {@code /echo} sending {@code origin} (none when null); 101 when it connected. */
    private int handshake(String origin) throws Exception {
        WebSocket.Builder builder = HTTP.newWebSocketBuilder();
        if (origin != null) {
            builder.header("Origin", origin);
        }
        try {
            builder.buildAsync(URI.create("ws://127.0.0.1:" + server.port() + "/echo"), new WebSocket.Listener() {
            }).get(10, TimeUnit.SECONDS).abort();
            return 101;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof WebSocketHandshakeException refused) {
                return refused.getResponse().statusCode();
            }
            throw e;
        }
    }

    @Test
    void byDefaultOnlyTheServersOwnPagesConnect() throws Exception {
        start(new Echo());
        assertThat(handshake("http://127.0.0.1:" + server.port())).as("same origin").isEqualTo(101);
        assertThat(handshake(null)).as("no Origin").isEqualTo(101);
        assertThat(handshake("https://evil.example")).as("cross origin").isEqualTo(403);
        assertThat(handshake("null")).as("Origin: null").isEqualTo(403);
        ReliabilityReport.record(AREA, "ServerEndpointAttackTest.byDefaultOnlyTheServersOwnPagesConnect",
                "a Jakarta @ServerEndpoint refuses pages of other origins by default (cross-site WebSocket hijacking)",
                "same origin 101, no Origin 101, https://evil.example 403, null 403");
    }

    @Test
    void listedOriginsAndTheWildcard() throws Exception {
        start(new Echo(),
                ServerEndpointDefaults.builder().options(o -> o.allowedOrigins("https://app.example")).build());
        assertThat(handshake("https://app.example")).isEqualTo(101);
        assertThat(handshake("http://127.0.0.1:" + server.port())).isEqualTo(101);
        assertThat(handshake("https://evil.example")).isEqualTo(403);
        server.close();
        start(new Echo(), ServerEndpointDefaults.builder().options(o -> o.allowedOrigins("*")).build());
        assertThat(handshake("https://evil.example")).isEqualTo(101);
        assertThat(handshake("null")).isEqualTo(101);
    }
}
