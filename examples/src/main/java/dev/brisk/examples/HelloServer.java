package dev.brisk.examples;

import dev.brisk.http.HttpServer;
import io.netty.handler.codec.http.HttpMethod;

/**
 * The demo service: {@code GET /hello} answers a greeting, {@code POST /echo} returns the request body. Port from the
 * first argument or {@code PORT}, default 8080.
 */
public final class HelloServer {

    private HelloServer() {
    }

    /** Starts the server with the demo routes. */
    public static HttpServer start(int port) {
        return HttpServer.builder()
                .port(port)
                .shutdownHook(true)
                .handler(request -> {
                    var response = request.response();
                    if (request.path().equals("/hello") && request.method() == HttpMethod.GET) {
                        response.send("Hello, World!");
                    } else if (request.path().equals("/echo") && request.method() == HttpMethod.POST) {
                        response.header("content-type",
                                request.headers().get("content-type", "application/octet-stream"));
                        response.send(request.body().retain());
                    } else {
                        response.status(404).send("Not Found");
                    }
                })
                .start();
    }

    public static void main(String[] args) {
        String configured = args.length > 0 ? args[0] : System.getenv().getOrDefault("PORT", "8080");
        HttpServer server = start(Integer.parseInt(configured));
        System.out.println("Brisk demo listening on http://localhost:" + server.port()
                + "  (try: curl localhost:" + server.port() + "/hello)");
    }
}
