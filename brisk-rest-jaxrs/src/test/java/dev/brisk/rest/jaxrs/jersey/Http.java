package dev.brisk.rest.jaxrs.jersey;

import dev.brisk.rest.BriskServer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** GET requests to a server, through the JDK's client. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private Http() {
    }

    static int status(BriskServer server, String path) throws IOException, InterruptedException {
        return get(server, path).statusCode();
    }

    static HttpResponse<String> get(BriskServer server, String path) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
