package dev.brisk.benchmarks.startup;

import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;

/**
 * The floor for a JSON service on the JVM: the JDK's own {@code com.sun.net.httpserver} answering {@code GET /hello}
 * with the record of {@link RestJson}, written by a default Jackson 3 {@link JsonMapper} built when the first request
 * needs it. No Netty, no Brisk: what is left is the JVM and Jackson.
 */
public final class JdkJson {

    private JdkJson() {
    }

    public static void main(String[] args) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(Integer.parseInt(args[0])), 128);
        server.createContext("/hello", exchange -> {
            byte[] body = Mapper.INSTANCE.writeValueAsBytes(new RestJson.Greeting("Hello, World!", 1));
            exchange.getResponseHeaders().set("content-type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        System.out.println("listening on " + server.getAddress().getPort());
    }

    /** Built on first use, as brisk-codec builds its default mapper. */
    private static final class Mapper {
        static final JsonMapper INSTANCE = JsonMapper.builder().build();
    }
}
