package dev.brisk.micrometer;

import dev.brisk.rest.BriskServer;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Requests over a real socket with the JDK client. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {
    }

    static HttpResponse<String> get(BriskServer server, String path, String... headers) throws Exception {
        return send(server, "GET", path, headers);
    }

    static HttpResponse<String> send(BriskServer server, String method, String path, String... headers)
            throws Exception {
        return CLIENT.send(request(server, method, path, headers), HttpResponse.BodyHandlers.ofString());
    }

    static CompletableFuture<HttpResponse<String>> getAsync(BriskServer server, String path) {
        return CLIENT.sendAsync(request(server, "GET", path), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(BriskServer server, String method, String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10)).method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return request.build();
    }
}
