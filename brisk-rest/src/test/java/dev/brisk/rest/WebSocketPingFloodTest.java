package dev.brisk.rest;

import dev.brisk.http.CompressionOptions;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketSession;
import dev.brisk.http.testing.PingFloodScenario;
import dev.brisk.http.testing.ReliabilityReport;
import dev.brisk.http.testing.SampledLeakDetection;
import dev.brisk.rest.observe.AccessLogOptions;
import dev.brisk.rest.observe.TracingOptions;
import dev.brisk.rest.protect.IpFilter;
import dev.brisk.rest.web.CorsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The WebSocket ping flood held back on a brisk-rest server with every feature on that sits in front of a route:
 * response compression, static files, CORS, an IP filter, the access log and tracing. None of them may keep the
 * server reading a peer that does not read.
 */
@SampledLeakDetection
class WebSocketPingFloodTest {

    @Test
    @Timeout(120)
    void pingFloodIsHeldBackWithEveryFeatureOn(@TempDir Path files) throws Exception {
        Files.writeString(files.resolve("index.html"), "<p>static</p>".repeat(100));
        try (BriskServer server = Brisk.server().port(0).host("127.0.0.1")
                .http(http -> http.options(o -> o.ioThreads(1).writeTimeout(Duration.ofSeconds(2))))
                .web(w -> w.compression(CompressionOptions.DEFAULT).staticFiles("/static", files)
                .cors(CorsConfig.builder().allowedOrigins("https://app.example").build()))
                .protection(p -> p.ipFilter(IpFilter.allow("127.0.0.1")))
                .observability(o -> o.accessLog(AccessLogOptions.DEFAULT).tracing(TracingOptions.DEFAULT))
                .web(w -> w.webSocket("/echo", new Echo()))
                .get("/hello", ctx -> ctx.send("hi"))
                .start()) {
            String measured = PingFloodScenario.run(server.port(), "/echo", "/static/index.html");
            ReliabilityReport.record("WebSocket attacks", "WebSocketPingFloodTest.pingFloodIsHeldBackWithEveryFeatureOn",
                    "the ping flood is held back the same way on a brisk-rest server with compression, static "
                            + "files, CORS, an IP filter, the access log and tracing on",
                    measured);
        }
    }

    /** Echoes text messages. */
    private static final class Echo implements WebSocketEndpoint {
        @Override
        public void onText(WebSocketSession session, String text) {
            session.sendText(text);
        }
    }
}
