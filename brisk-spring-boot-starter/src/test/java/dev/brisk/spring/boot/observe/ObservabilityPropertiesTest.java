package dev.brisk.spring.boot.observe;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.brisk.transport.TraceContext;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import java.nio.file.Files;
import java.nio.file.Path;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code brisk.access-log.*}, {@code brisk.tracing.*} and {@code brisk.health.*} on a real server. */
class ObservabilityPropertiesTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    private static ConfigurableApplicationContext run(String... properties) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--logging.level.root=warn"));
        for (String property : properties) {
            args.add("--" + property);
        }
        return new SpringApplicationBuilder(ObservedApplication.class).run(args.toArray(String[]::new));
    }

    private static HttpResponse<String> get(ConfigurableApplicationContext context, String path) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("traceparent", TRACEPARENT).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void everythingIsOffByDefault() throws Exception {
        try (ConfigurableApplicationContext context = run()) {
            assertThat(get(context, "/trace").body()).isEqualTo("none");
            assertThat(get(context, "/health/ready").statusCode()).isEqualTo(404);
        }
    }

    @Test
    void tracingAndTheAccessLogFollowTheirProperties() throws Exception {
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        Logger logger = (Logger) LoggerFactory.getLogger("test.boot.access");
        try (ConfigurableApplicationContext context = run("brisk.tracing.enabled=true",
                "brisk.tracing.response-header=true", "brisk.access-log.enabled=true",
                "brisk.access-log.logger-name=test.boot.access", "logging.level.test.boot.access=info",
                "brisk.access-log.pattern=%m %U %s %x")) {
            // Boot configures logging while starting: the capturing appender goes on afterwards
            lines.start();
            logger.addAppender(lines);
            HttpResponse<String> response = get(context, "/trace");
            TraceContext served = TraceContext.parse(response.body()).orElseThrow();
            assertThat(served.traceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
            assertThat(response.headers().firstValue("traceparent")).contains(response.body());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (lines.list.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage)
                    .contains("GET /trace 200 0af7651916cd43dd8448eb211c80319c");
            assertThat(lines.list.get(0).getLevel()).isEqualTo(Level.INFO);
        } finally {
            logger.detachAppender(lines);
        }
    }

    @Test
    void theAccessLogGoesToTheFileItsPropertiesName(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("logs/access.log");
        try (ConfigurableApplicationContext context = run("brisk.access-log.enabled=true",
                "brisk.access-log.file=" + file, "brisk.access-log.rotation=DAILY",
                "brisk.access-log.max-history=7", "brisk.access-log.pattern=%m %U %s")) {
            assertThat(get(context, "/trace").statusCode()).isEqualTo(200);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while ((!Files.exists(file) || Files.size(file) == 0)
                    && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(Files.readAllLines(file)).containsExactly("GET /trace 200");
        }
    }

    @Test
    void healthRoutesTakeTheContextsChecks() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.health.enabled=true",
                "brisk.health.readiness-path=/ready")) {
            ObservedApplication.DATABASE_UP.set(true);
            assertThat(get(context, "/health/live").statusCode()).isEqualTo(200);
            HttpResponse<String> up = get(context, "/ready");
            assertThat(up.statusCode()).isEqualTo(200);
            assertThat(up.body()).contains("\"database\":{\"status\":\"UP\"}");
            ObservedApplication.DATABASE_UP.set(false);
            HttpResponse<String> down = get(context, "/ready");
            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(down.body()).contains("\"database\":{\"status\":\"DOWN\"}");
        } finally {
            ObservedApplication.DATABASE_UP.set(true);
        }
    }
}
