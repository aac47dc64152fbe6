package dev.brisk.rest;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Sends requests to a running server over a real socket with the JDK client. */
final class RestTestSupport {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private RestTestSupport() {
    }

    static HttpResponse<String> get(BriskServer server, String path, String... headers) throws Exception {
        return send(server, "GET", path, null, headers);
    }

    static HttpResponse<String> send(BriskServer server, String method, String path, String body, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static BriskServer.Builder server() {
        return Brisk.server().port(0).host("127.0.0.1");
    }
}
