package dev.brisk.benchmarks.esa;

import dev.brisk.benchmarks.serve.Endpoints;
import io.esastack.httpserver.HttpServer;
import io.esastack.httpserver.ServerOptionsConfigure;
import io.esastack.httpserver.core.Request;
import io.esastack.httpserver.core.Response;
import io.netty.buffer.ByteBuf;

import java.net.InetSocketAddress;

/**
 * {@code serve esa-httpserver}: ESA HttpServer 0.1.x with the standard benchmark endpoints ({@link Endpoints}), the
 * request body aggregated by the server itself, one boss thread and {@code --io-threads} IO threads, handlers on the
 * IO thread.
 */
final class EsaHttpServer {

    private static final String CONTENT_TYPE = "Content-Type";

    private EsaHttpServer() {
    }

    /** Starts listening on {@code port}; returns the port once bound. */
    static int start(int port, int ioThreads) {
        HttpServer server = HttpServer.create("esa-httpserver",
                ServerOptionsConfigure.newOpts().bossThreads(1).ioThreads(ioThreads).configured());
        server.handle(request -> {
            request.aggregate(true);
            request.onEnd(done -> {
                respond(request);
                return done.setSuccess(null);
            });
        }).listen(port);
        return ((InetSocketAddress) server.address()).getPort();
    }

    private static void respond(Request request) {
        Response response = request.response();
        String path = request.path();
        switch (path) {
            case "/hello" -> send(response, Endpoints.TEXT_PLAIN, Endpoints.HELLO);
            case "/json" -> send(response, Endpoints.APPLICATION_JSON, Endpoints.JSON);
            case "/echo" -> {
                String type = request.headers().get(CONTENT_TYPE);
                ByteBuf body = request.aggregated().body();
                response.setStatus(200);
                response.headers().set(CONTENT_TYPE, type == null ? Endpoints.OCTET_STREAM : type);
                response.end(body.retainedDuplicate());
            }
            default -> {
                byte[] user = path.startsWith(Endpoints.USERS_PREFIX)
                        ? Endpoints.user(path.substring(Endpoints.USERS_PREFIX.length())) : null;
                if (user == null) {
                    response.setStatus(404);
                    response.end();
                } else {
                    send(response, Endpoints.APPLICATION_JSON, user);
                }
            }
        }
    }

    private static void send(Response response, String type, byte[] body) {
        response.setStatus(200);
        response.headers().set(CONTENT_TYPE, type);
        response.end(body);
    }
}
