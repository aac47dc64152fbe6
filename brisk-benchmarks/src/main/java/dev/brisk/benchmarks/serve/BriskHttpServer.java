package dev.brisk.benchmarks.serve;

import dev.brisk.http.HttpServer;
import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import io.netty.handler.codec.http.HttpMethod;

/** {@code serve brisk-http}: the standard endpoints on Brisk's HTTP server. */
final class BriskHttpServer implements ServerImpl {

    @Override
    public int start(ServeOptions options) {
        HttpServer.Builder builder = HttpServer.builder().port(options.port()).handler(BriskHttpServer::handle);
        options.applyTo(builder);
        return builder.start().port();
    }

    private static void handle(ServerRequest request) {
        ServerResponse response = request.response();
        String path = request.path();
        HttpMethod method = request.method();
        if (path.equals("/hello")) {
            if (method == HttpMethod.GET) {
                response.header("content-type", Endpoints.TEXT_PLAIN).send(Endpoints.HELLO);
                return;
            }
        } else if (path.equals("/echo")) {
            if (method == HttpMethod.POST) {
                response.header("content-type", request.headers().get("content-type", Endpoints.OCTET_STREAM))
                        .send(request.body().retain());
                return;
            }
        } else if (path.equals("/json")) {
            if (method == HttpMethod.GET) {
                response.header("content-type", Endpoints.APPLICATION_JSON).send(Endpoints.JSON);
                return;
            }
        } else if (path.startsWith(Endpoints.USERS_PREFIX)) {
            if (method == HttpMethod.GET) {
                byte[] user = Endpoints.user(path.substring(Endpoints.USERS_PREFIX.length()));
                if (user == null) {
                    response.status(400).send("invalid id");
                } else {
                    response.header("content-type", Endpoints.APPLICATION_JSON).send(user);
                }
                return;
            }
        } else {
            response.status(404).send("not found");
            return;
        }
        response.status(405).send("method not allowed");
    }
}
