package dev.brisk.http.reliability;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.testing.ChildServer;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The server {@link ZeroWindowSoakTest} floods, run in a JVM of its own: default options (h2c by prior knowledge on
 * the cleartext port), {@code /big} answering a 4 MiB body made for each request on a pool of worker threads (as an
 * application rendering a report or an export off the event loop would), every other path a short text.
 */
public final class ZeroWindowServerMain {

    static final String BIG = "/big";
    static final int BIG_BYTES = 4 * 1024 * 1024;
    private static final ExecutorService WORKERS = Executors.newFixedThreadPool(4);

    private ZeroWindowServerMain() {
    }

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.builder().host("127.0.0.1").port(0).handler(ZeroWindowServerMain::handle)
                .start();
        ChildServer.serveUntilParentLeaves(server::closeNow, server.port());
    }

    private static void handle(ServerRequest request) {
        if (request.path().equals(BIG)) {
            WORKERS.execute(() -> {
                byte[] body = new byte[BIG_BYTES];
                Arrays.fill(body, (byte) 'b');
                request.response().send(body);
            });
        } else {
            request.response().send("ok");
        }
    }
}
