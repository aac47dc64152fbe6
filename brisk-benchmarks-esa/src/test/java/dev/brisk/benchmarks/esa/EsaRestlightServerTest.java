package dev.brisk.benchmarks.esa;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ESA Restlight, assembled from its unpacked jars and their joined service files, starts and answers the standard
 * endpoints with the status, content type and body the other REST servers send, on the IO thread and on its biz pool.
 */
class EsaRestlightServerTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void answersLikeTheOtherRestServers(boolean onIoThreads) throws Exception {
        int port = EsaRestlightServer.start(freePort(), 1, onIoThreads);

        HttpResponse<String> user = send(port, HttpRequest.newBuilder(uri(port, "/users/42")).GET());
        assertThat(user.statusCode()).isEqualTo(200);
        assertThat(user.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(user.body()).isEqualTo("{\"id\":42,\"name\":\"User 42\",\"email\":\"user42@example.com\"}");

        HttpResponse<String> json = send(port, HttpRequest.newBuilder(uri(port, "/json")).GET());
        assertThat(json.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(json.body()).isEqualTo("{\"message\":\"Hello, World!\"}");

        HttpResponse<String> hello = send(port, HttpRequest.newBuilder(uri(port, "/hello")).GET());
        assertThat(hello.headers().firstValue("content-type")).hasValue("text/plain");
        assertThat(hello.body()).isEqualTo("Hello, World!");

        HttpResponse<String> echo = send(port, HttpRequest.newBuilder(uri(port, "/echo"))
                .header("content-type", "application/x-test")
                .POST(HttpRequest.BodyPublishers.ofString("abc123")));
        assertThat(echo.statusCode()).isEqualTo(200);
        assertThat(echo.headers().firstValue("content-type")).hasValue("application/x-test");
        assertThat(echo.body()).isEqualTo("abc123");

        assertThat(send(port, HttpRequest.newBuilder(uri(port, "/nowhere")).GET()).statusCode()).isEqualTo(404);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static URI uri(int port, String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static HttpResponse<String> send(int port, HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
