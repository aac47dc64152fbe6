package dev.brisk.benchmarks.serve;

import dev.brisk.transport.Transport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Brisk servers of the launcher start and answer from this module's class path, which holds no Bean Validation
 * provider: what an application without validation has.
 */
class ServeImplementationsTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @ParameterizedTest
    @ValueSource(strings = {"brisk-rest-raw", "brisk-rest-spring", "brisk-rest-spring-worker", "brisk-rest-jaxrs",
            "brisk-rest-jaxrs-worker", "spring-boot-brisk"})
    void startsAndAnswers(String name) throws Exception {
        int port = ServeCommand.IMPLS.get(name).get().start(new ServeOptions(0, 1, false, Transport.AUTO));
        assertThat(get(port, "/hello")).isEqualTo("Hello, World!");
        assertThat(get(port, "/json")).isEqualTo("{\"message\":\"Hello, World!\"}");
    }

    private static String get(int port, String path) throws Exception {
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return response.body();
    }
}
