package dev.brisk.benchmarks.serve;

import dev.brisk.transport.Transports;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.transport.Transport;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * {@code serve vertx-web}: the standard endpoints on a Vert.x 5 Web {@code Router}, as its documentation shows, on
 * the same number of event loops and the same native transport as Brisk.
 */
final class VertxWebServer implements ServerImpl {

    @Override
    public int start(ServeOptions options) throws Exception {
        Transport transport = switch (Transports.resolve(options.transport())) {
            case IO_URING -> Transport.IO_URING;
            case EPOLL -> Transport.EPOLL;
            case KQUEUE -> Transport.KQUEUE;
            default -> Transport.NIO;
        };
        Vertx vertx = Vertx.builder()
                .with(new VertxOptions().setEventLoopPoolSize(options.ioThreads()))
                .withTransport(transport)
                .build();
        Router router = Router.router(vertx);
        router.get("/hello").handler(ctx -> ctx.response().putHeader("content-type", Endpoints.TEXT_PLAIN)
                .end("Hello, World!"));
        router.post("/echo").handler(BodyHandler.create()).handler(ctx -> {
            String type = ctx.request().getHeader("content-type");
            ctx.response().putHeader("content-type", type == null ? Endpoints.OCTET_STREAM : type)
                    .end(ctx.body().buffer());
        });
        router.get("/json").handler(ctx -> ctx.json(new JsonObject().put("message", "Hello, World!")));
        router.get("/users/:id").handler(ctx -> {
            long id;
            try {
                id = Long.parseLong(ctx.pathParam("id"));
            } catch (NumberFormatException e) {
                ctx.response().setStatusCode(400).end("invalid id");
                return;
            }
            ctx.json(new JsonObject().put("id", id).put("name", "User " + id)
                    .put("email", "user" + id + "@example.com"));
        });
        HttpServerOptions serverOptions = new HttpServerOptions().setTcpNoDelay(true);
        if (options.tls()) {
            throw new IllegalArgumentException("vertx-web is benchmarked on cleartext HTTP/1.1 only");
        }
        return vertx.createHttpServer(serverOptions).requestHandler(router).listen(options.port())
                .await().actualPort();
    }

}
