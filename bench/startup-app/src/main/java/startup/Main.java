package startup;

import dev.brisk.rest.Brisk;

/** One route, {@code GET /hello}, answering a JSON object written by Jackson; the port is the first argument. */
public final class Main {

    /** The response body. */
    public record Greeting(String message, int id) {
    }

    private Main() {
    }

    public static void main(String[] args) {
        Brisk.server()
                .port(Integer.parseInt(args[0]))
                .get("/hello", ctx -> ctx.send(new Greeting("Hello, World!", 1)))
                .start();
    }
}
