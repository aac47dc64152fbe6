package dev.brisk.benchmarks.startup;

import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;

/**
 * A brisk-rest service with one route answering text: what a REST service costs to start when it has no JSON to write
 * yet (the default codecs, Jackson's among them, are there). Runs from {@code brisk-startup-rest.jar} with
 * {@code -cp}.
 */
public final class RestText {

    private RestText() {
    }

    public static void main(String[] args) {
        BriskServer server = Brisk.server()
                .port(Integer.parseInt(args[0]))
                .get("/hello", ctx -> ctx.send("Hello, World!"))
                .start();
        System.out.println("listening on " + server.port());
    }
}
