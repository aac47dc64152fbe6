package dev.brisk.spring.boot.web;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code server.compression.*}, {@code brisk.compression.*}, {@code spring.web.resources.*} and {@code brisk.static.*}
 * on a real server, through the JDK HTTP client.
 */
class WebFeaturesPropertiesTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static ConfigurableApplicationContext run(String... properties) {
        return new SpringApplicationBuilder(WebApplication.class)
                .properties("server.port=0", "logging.level.root=warn").properties(properties).run();
    }

    private static HttpResponse<byte[]> get(ConfigurableApplicationContext context, String path, String... headers)
            throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String gunzip(byte[] body) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void compressionIsOffByDefault() throws Exception {
        try (ConfigurableApplicationContext context = run()) {
            HttpResponse<byte[]> response = get(context, "/text", "Accept-Encoding", "gzip");
            assertThat(response.headers().firstValue("content-encoding")).isEmpty();
            assertThat(get(context, "/css/site.css").statusCode()).isEqualTo(404);      // no static location exists
        }
    }

    @Test
    void serverCompressionPropertiesAreHonoured() throws Exception {
        try (ConfigurableApplicationContext context = run("server.compression.enabled=true",
                "server.compression.mime-types=text/plain", "server.compression.min-response-size=2KB")) {
            HttpResponse<byte[]> response = get(context, "/text", "Accept-Encoding", "gzip");
            assertThat(response.headers().firstValue("content-encoding")).hasValue("gzip");
            assertThat(gunzip(response.body())).isEqualTo(WebApplication.TEXT);
        }
        try (ConfigurableApplicationContext context = run("server.compression.enabled=true",
                "server.compression.min-response-size=1MB")) {
            assertThat(get(context, "/text", "Accept-Encoding", "gzip").headers().firstValue("content-encoding"))
                    .isEmpty();
        }
    }

    @Test
    void briskCompressionPropertiesWinAndDecodeRequests() throws Exception {
        try (ConfigurableApplicationContext context = run("server.compression.enabled=false",
                "brisk.compression.enabled=true", "brisk.compression.encodings=deflate")) {
            HttpResponse<byte[]> response = get(context, "/text", "Accept-Encoding", "gzip, deflate");
            assertThat(response.headers().firstValue("content-encoding")).hasValue("deflate");
            ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
            try (GZIPOutputStream out = new GZIPOutputStream(gzipped)) {
                out.write("x".repeat(5000).getBytes(StandardCharsets.UTF_8));
            }
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            HttpResponse<String> length = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/length")).header("Content-Type", "text/plain").header("Content-Encoding", "gzip")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(gzipped.toByteArray())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(length.body()).isEqualTo("5000");
        }
    }

    @Test
    void invalidCompressionSettingsFailStartUp() {
        assertThatThrownBy(() -> run("brisk.compression.enabled=true", "brisk.compression.gzip-level=12"))
                .hasStackTraceContaining("gzipLevel must be within [1, 9]: 12");
    }

    @Test
    void staticLocationsAndPathPatternFollowSpringBoot() throws Exception {
        try (ConfigurableApplicationContext context = run(
                "spring.web.resources.static-locations=classpath:/brisk-web-test/",
                "spring.web.resources.cache.cachecontrol.max-age=120")) {
            HttpResponse<byte[]> css = get(context, "/css/site.css");
            assertThat(css.statusCode()).isEqualTo(200);
            assertThat(new String(css.body(), StandardCharsets.UTF_8)).isEqualTo("h1 { color: teal; }\n");
            assertThat(css.headers().firstValue("cache-control")).hasValue("max-age=120");
            String etag = css.headers().firstValue("etag").orElseThrow();
            assertThat(get(context, "/css/site.css", "If-None-Match", etag).statusCode()).isEqualTo(304);
            assertThat(new String(get(context, "/").body(), StandardCharsets.UTF_8)).isEqualTo("<h1>welcome</h1>\n");
            assertThat(new String(get(context, "/text").body(), StandardCharsets.UTF_8))
                    .isEqualTo(WebApplication.TEXT);                                      // controllers still win
        }
        try (ConfigurableApplicationContext context = run(
                "spring.web.resources.static-locations=classpath:/brisk-web-test/",
                "spring.mvc.static-path-pattern=/assets/**", "brisk.static.cache-control=no-cache",
                "brisk.static.index-file=")) {
            HttpResponse<byte[]> css = get(context, "/assets/css/site.css");
            assertThat(css.statusCode()).isEqualTo(200);
            assertThat(css.headers().firstValue("cache-control")).hasValue("no-cache");
            assertThat(get(context, "/css/site.css").statusCode()).isEqualTo(404);
            assertThat(get(context, "/assets/").statusCode()).isEqualTo(404);
        }
        try (ConfigurableApplicationContext context = run(
                "spring.web.resources.static-locations=classpath:/brisk-web-test/", "brisk.static.enabled=false")) {
            assertThat(get(context, "/css/site.css").statusCode()).isEqualTo(404);
        }
    }
}
