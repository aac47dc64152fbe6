package dev.brisk.test;

import dev.brisk.http.HttpHandler;
import dev.brisk.rest.BriskServer;
import dev.brisk.test.internal.InProcessClient;
import dev.brisk.test.internal.SocketClient;

/**
 * Entry point of the test kit.
 *
 * <pre>{@code
 * TestResponse r = BriskTest.client(Brisk.server().get("/x", ctx -> ctx.send("y"))).get("/x").execute();
 * assertThat(r.status()).isEqualTo(200);
 * }</pre>
 */
public final class BriskTest {

    private BriskTest() {
    }

    /** Runs requests through the whole pipeline of {@code routes} in process: no port is opened. */
    public static TestClient client(BriskServer.Builder routes) {
        return new InProcessClient(routes.buildHandler());
    }

    /** Runs requests through the pipeline of a started server, in process (the socket is not used). */
    public static TestClient client(BriskServer server) {
        return new InProcessClient(server.handler());
    }

    /** Runs requests through any brisk-http handler, in process. */
    public static TestClient client(HttpHandler handler) {
        return new InProcessClient(handler);
    }

    /** Sends requests to a running server over a real socket (HTTP/1.1, JDK client). */
    public static TestClient http(BriskServer server) {
        return new SocketClient("http://127.0.0.1:" + server.port());
    }
}
