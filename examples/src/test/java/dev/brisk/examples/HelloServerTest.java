package dev.brisk.examples;

import dev.brisk.http.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo service answers its two routes and 404 elsewhere. */
class HelloServerTest {

    @Test
    void helloEchoAndNotFound() throws Exception {
        try (HttpServer server = HelloServer.start(0)) {
            HttpClient client = HttpClient.newHttpClient();
            String base = "http://127.0.0.1:" + server.port();
            HttpResponse<String> hello = client.send(HttpRequest.newBuilder(URI.create(base + "/hello")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(hello.statusCode()).isEqualTo(200);
            assertThat(hello.body()).isEqualTo("Hello, World!");

            HttpResponse<String> echo = client.send(HttpRequest.newBuilder(URI.create(base + "/echo"))
                    .header("content-type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("ping")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(echo.body()).isEqualTo("ping");
            assertThat(echo.headers().firstValue("content-type")).hasValue("text/plain");

            HttpResponse<String> missing = client.send(HttpRequest.newBuilder(URI.create(base + "/nope")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(missing.statusCode()).isEqualTo(404);
        }
    }
}
