package dev.brisk.rest;

/**
 * Entry point of the REST framework.
 *
 * <pre>{@code
 * BriskServer server = Brisk.server()
 *         .port(8080)
 *         .get("/hello", ctx -> ctx.send("Hello, World!"))
 *         .get("/users/{id}", ctx -> ctx.send(users.find(ctx.pathParam("id"))))
 *         .start();
 * }</pre>
 */
public final class Brisk {

    private Brisk() {
    }

    /** A server builder with defaults for everything. */
    public static BriskServer.Builder server() {
        return new BriskServer.Builder();
    }
}
