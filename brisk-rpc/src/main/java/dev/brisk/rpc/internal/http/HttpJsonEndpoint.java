package dev.brisk.rpc.internal.http;

import dev.brisk.http.HttpPortProtocol;
import dev.brisk.rest.Brisk;
import dev.brisk.rest.BriskServer;
import dev.brisk.rpc.internal.ServerContext;
import dev.brisk.rpc.internal.ServerService;
import dev.brisk.rpc.internal.SharedProtocol;
import dev.brisk.rest.RequestContext;
import dev.brisk.rpc.http.HttpJson;
import dev.brisk.rpc.http.HttpProblem;
import dev.brisk.rpc.http.OperatorRoutes;
import dev.brisk.rpc.internal.ServerRuntime;
import io.netty.buffer.ByteBuf;
import tools.jackson.databind.json.JsonMapper;
import io.netty.channel.Channel;
import io.netty.channel.WriteBufferWaterMark;

import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The services of an RPC server over HTTP/JSON on the server's own port: the route {@code POST /rpc/{service}/{method}}
 * added to a brisk-rest server that serves the port's HTTP connections. Loaded only when the server asks for it, so
 * brisk-rest stays optional.
 */
public final class HttpJsonEndpoint implements SharedProtocol {

    /** The route's path. */
    public static final String PATH = "/rpc/{service}/{method}";
    /** The path of the catalog of services ({@code GET}). */
    public static final String CATALOG_PATH = "/rpc";

    private final Map<String, HttpMethods> services = new HashMap<>();
    private final ServerContext context;
    private final ExceptionMapping exceptions;
    private final JsonMapper arguments;
    private final byte[] catalog;
    private final ScheduledExecutorService timer;
    private final HttpPortProtocol http;
    private final OperatorEndpoint operator;

    private HttpJsonEndpoint(ServerContext context, BriskServer.Builder rest, ExceptionMapping exceptions,
                             OperatorEndpoint operator) {
        this.context = context;
        this.operator = operator;
        this.exceptions = exceptions;
        this.arguments = Problems.JSON.rebuild()
                .addHandler(new UnknownEnumValues(context.options().unknownEnumConstants())).build();
        this.catalog = ServiceCatalog.of(context.services());
        for (ServerService service : context.services()) {
            services.put(service.model().name(), new HttpMethods(service));
        }
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "brisk-rpc-http-timer");
            thread.setDaemon(true);
            return thread;
        });
        try {
            if (operator != null) {
                operator.addTo(rest);
            }
            this.http = rest.post(PATH, this::handle).get(CATALOG_PATH, this::describe).buildPortProtocol();
        } catch (RuntimeException e) {
            timer.shutdownNow();
            if (operator != null) {
                operator.close();
            }
            throw e;
        }
    }

    /**
     * The HTTP/JSON endpoint of {@code context}'s services on the brisk-rest builder of {@code httpJson} (or a plain
     * one when it is null), which gets the routes; failures are answered as {@code problems} says, before the
     * defaults; with {@code operator}, also the operator's routes, acting on the server {@code server} gives once it
     * runs.
     */
    public static SharedProtocol create(ServerContext context, HttpJson httpJson,
                                        Function<? super Throwable, HttpProblem> problems, OperatorRoutes operator,
                                        Supplier<ServerRuntime> server) {
        return new HttpJsonEndpoint(context, httpJson == null ? Brisk.server() : httpJson.rest(),
                new ExceptionMapping(problems), operator == null ? null : new OperatorEndpoint(operator, server));
    }

    private void describe(RequestContext ctx) {
        ctx.response().status(200).header("content-type", "application/json").send(catalog);
    }

    private void handle(RequestContext ctx) {
        String service = ctx.pathParam("service");
        String method = ctx.pathParam("method");
        HttpMethods methods = services.get(service);
        if (methods == null) {
            Problems.send(ctx.response(), 404, null, "no service " + service + " on this server");
            return;
        }
        if (context.draining()) {
            ctx.response().header("retry-after", "1");
            Problems.send(ctx.response(), 503, null, "the server is shutting down");
            return;
        }
        byte[] body = ctx.request().bodyAsBytes();
        String type = ctx.request().headers().first("content-type").orElse(null);
        if (body.length > 0 && type != null && !json(type)) {
            ctx.response().header("accept-post", "application/json");
            Problems.send(ctx.response(), 415, null, "the body is " + type + "; the arguments are read from"
                    + " application/json only");
            return;
        }
        ctx.async();
        new HttpCall(ctx, context, methods, exceptions, arguments, method, body, timer).start();
    }

    /** Whether a content type is JSON: {@code application/json} or {@code application/*+json}, any parameters. */
    static boolean json(String contentType) {
        int end = contentType.indexOf(';');
        String type = (end < 0 ? contentType : contentType.substring(0, end)).trim().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || type.startsWith("application/") && type.endsWith("+json");
    }

    @Override
    public Match matches(ByteBuf opening) {
        return http.matches(opening);
    }

    @Override
    public void open(Channel channel) {
        // the HTTP options' water marks, which pause reading past a peer that does not read its responses; the port
        // accepted the connection with the RPC server's socket options
        channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(
                http.options().writeBufferLowWaterMark(), http.options().writeBufferHighWaterMark()));
        http.open(channel);
    }

    @Override
    public void close(Duration timeout) {
        try {
            http.close(timeout);
        } finally {
            timer.shutdownNow();
            if (operator != null) {
                operator.close();
            }
        }
    }
}
