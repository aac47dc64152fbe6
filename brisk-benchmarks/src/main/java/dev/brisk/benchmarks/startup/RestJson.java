package dev.brisk.benchmarks.startup;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;

/** A brisk-rest service with one route: {@code GET /hello} answers a JSON object written by Jackson. */
public final class RestJson {

    /** The response body. */
    public record Greeting(String message, int id) {
    }

    private RestJson() {
    }

    public static void main(String[] args) {
        BriskServer server = Brisk.server()
                .port(Integer.parseInt(args[0]))
                .get("/hello", ctx -> ctx.send(new Greeting("Hello, World!", 1)))
                .start();
        System.out.println("listening on " + server.port());
    }
}
