package dev.brisk.spring.boot.protection;

import dev.brisk.spring.boot.BriskProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.brisk.spring.boot.BriskProtectionProperties;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code brisk.protection.*} on a real server, sent requests with the JDK HTTP client. */
class ProtectionPropertiesTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static ConfigurableApplicationContext run(String... properties) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--logging.level.root=warn"));
        for (String property : properties) {
            args.add("--" + property);
        }
        return new SpringApplicationBuilder(ProtectionApplication.class).run(args.toArray(String[]::new));
    }

    private static HttpRequest request(ConfigurableApplicationContext context, String path) {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30))
                .build();
    }

    private static HttpResponse<String> get(ConfigurableApplicationContext context, String path) throws Exception {
        return CLIENT.send(request(context, path), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theConcurrencyLimitAndRetryAfterComeFromProperties() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.protection.concurrency-limit=1",
                "brisk.protection.retry-after=3s")) {
            CompletableFuture<HttpResponse<String>> held = CLIENT.sendAsync(request(context, "/held"),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ProtectionApplication.ENTERED.await(10, TimeUnit.SECONDS)).isTrue();
            HttpResponse<String> refused = get(context, "/quick");
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("retry-after")).hasValue("3");
            // health probes are exempt by default: a busy server must not look dead to its orchestrator
            assertThat(get(context, "/actuator/health").statusCode()).isEqualTo(200);
            assertThat(get(context, "/actuator/health/liveness").statusCode()).isIn(200, 404);
            ProtectionApplication.RELEASE.countDown();
            assertThat(held.get(10, TimeUnit.SECONDS).body()).isEqualTo("released");
            // the permit is returned once the server has seen the response written, which may be a moment after the
            // client has read it: the next request is admitted as soon as that has happened
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int status = get(context, "/quick").statusCode();
            while (status == 503 && System.nanoTime() < deadline) {
                Thread.sleep(10);
                status = get(context, "/quick").statusCode();
            }
            assertThat(status).isEqualTo(200);
        }
    }

    @Test
    void theRequestTimeoutAndIpFilterComeFromProperties() throws Exception {
        try (ConfigurableApplicationContext context = run("brisk.protection.request-timeout=200ms")) {
            assertThat(get(context, "/endless").statusCode()).isEqualTo(503);
            assertThat(get(context, "/quick").statusCode()).isEqualTo(200);
        }
        try (ConfigurableApplicationContext context = run("brisk.protection.deny=127.0.0.0/8,::1")) {
            assertThat(get(context, "/quick").statusCode()).isEqualTo(403);
        }
        try (ConfigurableApplicationContext context = run("brisk.protection.allow=10.0.0.0/8",
                "brisk.protection.trusted-proxies=127.0.0.1")) {
            HttpRequest forwarded = HttpRequest.newBuilder(request(context, "/quick").uri())
                    .header("X-Forwarded-For", "10.1.2.3").build();
            assertThat(CLIENT.send(forwarded, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
            assertThat(get(context, "/quick").statusCode()).isEqualTo(403);
        }
    }

    @Test
    void nothingIsOnByDefault() throws Exception {
        try (ConfigurableApplicationContext context = run()) {
            assertThat(get(context, "/quick").statusCode()).isEqualTo(200);
            assertThat(context.getBean(BriskProtectionProperties.class).getConcurrencyLimit())
                    .isZero();
        }
    }

    @Test
    void everyProtectionPropertyIsDescribed() throws Exception {
        Path file = Path.of(BriskProperties.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("META-INF/spring-configuration-metadata.json");
        JsonNode metadata;
        try (InputStream in = Files.newInputStream(file)) {
            metadata = JsonMapper.builder().build().readTree(in);
        }
        List<String> names = new ArrayList<>();
        for (JsonNode property : metadata.get("properties")) {
            String name = property.get("name").asString();
            if (name.startsWith("brisk.protection.")) {
                names.add(name);
                assertThat(property.path("description").asString("")).as(name).isNotBlank();
            }
        }
        assertThat(names).contains("brisk.protection.concurrency-limit", "brisk.protection.adaptive",
                "brisk.protection.request-timeout", "brisk.protection.retry-after", "brisk.protection.trusted-proxies",
                "brisk.protection.allow", "brisk.protection.deny", "brisk.protection.max-connection-rate",
                "brisk.protection.load-shedding.enabled", "brisk.protection.load-shedding.threshold",
                "brisk.protection.load-shedding.max", "brisk.protection.load-shedding.exempt-paths");
    }
}
