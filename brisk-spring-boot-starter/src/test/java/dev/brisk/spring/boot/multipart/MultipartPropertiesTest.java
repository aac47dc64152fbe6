package dev.brisk.spring.boot.multipart;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code spring.servlet.multipart.*}, as a Boot application migrating from Tomcat has them, on a real server: uploads
 * to a {@code @RequestParam MultipartFile} sent with the JDK HTTP client.
 */
class MultipartPropertiesTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String BOUNDARY = "----brisk-boundary-7d1a";

    private static ConfigurableApplicationContext run(String... properties) {
        return new SpringApplicationBuilder(UploadApplication.class)
                .properties("server.port=0", "logging.level.root=warn").properties(properties).run();
    }

    private static String base(ConfigurableApplicationContext context) {
        return "http://127.0.0.1:" + ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /** A multipart/form-data body with one file part named "file" of {@code size} bytes. */
    private static byte[] form(String filename, int size) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String head = "--" + BOUNDARY + "\r\n"
                + "Content-Disposition: form-data; name=\"file\"; filename=\"" + filename + "\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n";
        body.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        byte[] content = new byte[size];
        Arrays.fill(content, (byte) 'x');
        body.writeBytes(content);
        body.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return body.toByteArray();
    }

    private static HttpResponse<String> upload(ConfigurableApplicationContext context, String filename, int size)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base(context) + "/upload"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(form(filename, size))).build();
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> ping(ConfigurableApplicationContext context) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base(context) + "/ping"))
                .timeout(Duration.ofSeconds(10)).build();
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void maxFileSizeRefusesALargerFileWith413() throws Exception {
        try (ConfigurableApplicationContext context = run("spring.servlet.multipart.max-file-size=1KB")) {
            HttpResponse<String> small = upload(context, "small.bin", 500);
            assertThat(small.statusCode()).isEqualTo(200);
            assertThat(small.body()).isEqualTo("small.bin 500 bytes");

            HttpResponse<String> large = upload(context, "large.bin", 2048);
            assertThat(large.statusCode()).isEqualTo(413);
            assertThat(large.headers().firstValue("content-type")).contains("application/problem+json");
            assertThat(large.body()).contains("1024");
        }
    }

    @Test
    void withoutTheNewLimitTheSameFileIsTaken() throws Exception {
        try (ConfigurableApplicationContext context = run()) {
            assertThat(upload(context, "large.bin", 2048).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void maxRequestSizeRefusesALargerBodyWith413() throws Exception {
        try (ConfigurableApplicationContext context = run("spring.servlet.multipart.max-request-size=1KB",
                "spring.servlet.multipart.max-file-size=-1")) {
            assertThat(upload(context, "small.bin", 500).statusCode()).isEqualTo(200);
            assertThat(upload(context, "large.bin", 2048).statusCode()).isEqualTo(413);
        }
    }

    @Test
    void minusOneLiftsTheLimitsAboveTheServersBodyLimit() throws Exception {
        // a multipart body's limit is max-request-size, not brisk.limits.max-body-size
        try (ConfigurableApplicationContext context = run("brisk.limits.max-body-size=1KB",
                "spring.servlet.multipart.max-request-size=-1", "spring.servlet.multipart.max-file-size=-1")) {
            HttpResponse<String> response = upload(context, "large.bin", 8192);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("large.bin 8192 bytes");
        }
    }

    @Test
    void partsAboveTheThresholdAreWrittenToTheLocation(@TempDir Path location) throws Exception {
        try (ConfigurableApplicationContext context = run("spring.servlet.multipart.location=" + location,
                "spring.servlet.multipart.file-size-threshold=0")) {
            HttpResponse<String> response = upload(context, "spilled.bin", 2048);
            assertThat(response.statusCode()).isEqualTo(200);
            // while the handler ran, the part was a file of its own in the location
            assertThat(response.body()).matches("spilled\\.bin 2048 bytes; spilled: \\[[^,=]+=2048]");
            // and that file is gone once the request has ended
            awaitEmpty(location);
        }
    }

    @Test
    void partsBelowTheThresholdStayInMemory(@TempDir Path location) throws Exception {
        try (ConfigurableApplicationContext context = run("spring.servlet.multipart.location=" + location,
                "spring.servlet.multipart.file-size-threshold=4KB")) {
            HttpResponse<String> response = upload(context, "kept.bin", 2048);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("kept.bin 2048 bytes; spilled: []");
        }
    }

    @Test
    void disabledMultipartAnswers415AndLeavesOtherRequestsAlone() throws Exception {
        try (ConfigurableApplicationContext context = run("spring.servlet.multipart.enabled=false")) {
            HttpResponse<String> response = upload(context, "small.bin", 500);
            assertThat(response.statusCode()).isEqualTo(415);
            assertThat(response.body()).contains("spring.servlet.multipart.enabled");
            assertThat(ping(context).body()).isEqualTo("pong");
        }
    }

    /** Waits, up to 10 s, for the request's temporary files to be deleted. */
    private static void awaitEmpty(Path directory) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            try (Stream<Path> files = Files.list(directory)) {
                if (files.findAny().isEmpty()) {
                    return;
                }
            }
            assertThat(System.nanoTime()).as("temporary files of " + directory + " deleted").isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
