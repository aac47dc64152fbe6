package dev.brisk.benchmarks.startup;

import dev.brisk.http.HttpServer;
import io.netty.handler.codec.http.HttpMethod;

/** A brisk-http service with one route: {@code GET /hello} answers {@code Hello, World!}. */
public final class HttpHello {

    private HttpHello() {
    }

    public static void main(String[] args) {
        HttpServer server = HttpServer.builder()
                .port(Integer.parseInt(args[0]))
                .handler(request -> {
                    if (request.path().equals("/hello") && request.method() == HttpMethod.GET) {
                        request.response().header("content-type", "text/plain").send("Hello, World!");
                    } else {
                        request.response().status(404).send("Not Found");
                    }
                })
                .start();
        System.out.println("listening on " + server.port());
    }
}
