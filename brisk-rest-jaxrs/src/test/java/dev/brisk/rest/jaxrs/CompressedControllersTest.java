package dev.brisk.rest.jaxrs;

import dev.brisk.http.CompressionOptions;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

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

/** Compression and request decompression for a Spring MVC controller and a JAX-RS resource, over real sockets. */
class CompressedControllersTest {

    static final String TEXT = "Both controller styles are compressed alike. ".repeat(100);

    @RestController
    public static class SpringTexts {
        @GetMapping(value = "/spring/text", produces = "text/plain")
        public String text() {
            return TEXT;
        }

        @PostMapping(value = "/spring/length", produces = "text/plain")
        public String length(@RequestBody String body) {
            return String.valueOf(body.length());
        }
    }

    @Path("/jaxrs")
    public static class JaxRsTexts {
        @GET
        @Path("text")
        @Produces("text/plain")
        public String text() {
            return TEXT;
        }

        @POST
        @Path("length")
        @Consumes("text/plain")
        @Produces("text/plain")
        public String length(String body) {
            return String.valueOf(body.length());
        }
    }

    private static BriskServer server;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() {
        server = Brisk.server().port(0).host("127.0.0.1").web(w -> w.compression(CompressionOptions.DEFAULT))
                .controllers(new SpringTexts(), new JaxRsTexts()).start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    @Test
    void responsesOfBothStylesAreCompressed() throws Exception {
        for (String style : new String[] {"spring", "jaxrs"}) {
            HttpResponse<byte[]> response = CLIENT.send(HttpRequest.newBuilder(uri("/" + style + "/text"))
                    .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(response.headers().firstValue("content-encoding")).as(style).hasValue("gzip");
            assertThat(response.headers().firstValue("vary")).as(style).hasValue("Accept-Encoding");
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(response.body()))) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).as(style).isEqualTo(TEXT);
            }
        }
    }

    @Test
    void encodedBodiesReachBothStylesDecoded() throws Exception {
        byte[] gzipped = gzip("y".repeat(7000));
        for (String style : new String[] {"spring", "jaxrs"}) {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(uri("/" + style + "/length"))
                    .header("Content-Type", "text/plain").header("Content-Encoding", "gzip")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(gzipped)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(style).isEqualTo(200);
            assertThat(response.body()).as(style).isEqualTo("7000");
        }
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }
}
