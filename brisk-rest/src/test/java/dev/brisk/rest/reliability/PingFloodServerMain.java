package dev.brisk.rest.reliability;

import dev.brisk.http.CompressionOptions;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketSession;
import dev.brisk.http.testing.ChildServer;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.web.CorsConfig;

/**
 * The server {@link PingSoakTest} floods, run in a JVM of its own: brisk-rest with response compression, CORS, an
 * access log and static files on, a WebSocket echo endpoint at {@code /echo} with default options, and
 * {@code GET /hello}.
 */
public final class PingFloodServerMain {

    static final String ECHO = "/echo";

    private PingFloodServerMain() {
    }

    public static void main(String[] args) throws Exception {
        BriskServer server = Brisk.server().host("127.0.0.1").port(0)
                .web(w -> w.compression(CompressionOptions.DEFAULT).cors(CorsConfig.builder()
                .allowedOrigins("http://localhost").build()))
                .observability(o -> o.accessLog(AccessLogOptions.DEFAULT))
                .web(w -> w.classpathResources("/static", "webroot").webSocket(ECHO, new Echo()))
                .get("/hello", ctx -> ctx.send("hello"))
                .start();
        ChildServer.serveUntilParentLeaves(server, server.port());
    }

    /** Sends every text message back. */
    private static final class Echo implements WebSocketEndpoint {
        @Override
        public void onText(WebSocketSession session, String text) {
            session.sendText(text);
        }
    }
}
