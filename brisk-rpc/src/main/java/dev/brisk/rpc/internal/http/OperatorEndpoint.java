package dev.brisk.rpc.internal.http;

import dev.brisk.rest.BriskServer;
import dev.brisk.rest.RequestContext;
import dev.brisk.rpc.ProviderStatus;
import dev.brisk.rpc.RpcClient;
import dev.brisk.rpc.ServiceStatus;
import dev.brisk.rpc.http.OperatorRoutes;
import dev.brisk.rpc.internal.ServerRuntime;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The operator's routes of the HTTP face ({@link OperatorRoutes}): {@code GET /rpc/providers}, {@code POST /rpc/offline}
 * and {@code POST /rpc/online}, behind the access control they were given. Offline and online talk to the registry
 * (ZooKeeper may wait for its connection), so they run one at a time on a thread of their own, never on an event loop.
 */
final class OperatorEndpoint {

    static final String PROVIDERS_PATH = "/rpc/providers";
    static final String OFFLINE_PATH = "/rpc/offline";
    static final String ONLINE_PATH = "/rpc/online";

    private final OperatorRoutes routes;
    private final Supplier<ServerRuntime> server;
    private final ExecutorService changes = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "brisk-rpc-operator");
        thread.setDaemon(true);
        return thread;
    });

    OperatorEndpoint(OperatorRoutes routes, Supplier<ServerRuntime> server) {
        this.routes = routes;
        this.server = server;
    }

    /** Adds the routes to {@code rest}. */
    BriskServer.Builder addTo(BriskServer.Builder rest) {
        return rest.get(PROVIDERS_PATH, ctx -> guarded(ctx, this::providers))
                .post(OFFLINE_PATH, ctx -> guarded(ctx, c -> change(c, ServerRuntime::offline)))
                .post(ONLINE_PATH, ctx -> guarded(ctx, c -> change(c, ServerRuntime::online)));
    }

    private void guarded(RequestContext ctx, Consumer<RequestContext> handler) {
        if (routes.loopbackOnly() && !loopback(ctx.request().remoteAddress())) {
            Problems.send(ctx.response(), 403, null, "operator routes answer requests from the loopback interface"
                    + " only");
            return;
        }
        if (routes.requiresToken() && !routes.acceptsToken(bearer(ctx.request().headers().first("authorization")
                .orElse(null)))) {
            ctx.response().header("www-authenticate", "Bearer realm=\"brisk-rpc\"");
            Problems.send(ctx.response(), 401, null, "operator routes need the header Authorization: Bearer <token>");
            return;
        }
        ServerRuntime runtime = server.get();
        if (runtime == null) {
            ctx.response().header("retry-after", "1");
            Problems.send(ctx.response(), 503, null, "the server is starting");
            return;
        }
        handler.accept(ctx);
    }

    private static boolean loopback(SocketAddress address) {
        return address instanceof InetSocketAddress inet && inet.getAddress() != null
                && inet.getAddress().isLoopbackAddress();
    }

    /** The token of an {@code Authorization: Bearer <token>} value (scheme in any case), or {@code null}. */
    static String bearer(String authorization) {
        if (authorization == null) {
            return null;
        }
        String value = authorization.strip();
        int space = value.indexOf(' ');
        if (space < 0 || !value.substring(0, space).toLowerCase(Locale.ROOT).equals("bearer")) {
            return null;
        }
        return value.substring(space + 1).strip();
    }

    private void providers(RequestContext ctx) {
        ObjectNode root = Problems.JSON.createObjectNode();
        server(root.putObject("server"), server.get());
        ObjectNode clients = root.putObject("clients");
        for (Map.Entry<String, RpcClient> client : routes.clients().entrySet()) {
            ArrayNode services = clients.putArray(client.getKey());
            for (ServiceStatus service : client.getValue().providers()) {
                service(services.addObject(), service);
            }
        }
        ctx.response().status(200).header("content-type", "application/json")
                .send(Problems.JSON.writeValueAsBytes(root));
    }

    private void change(RequestContext ctx, Consumer<ServerRuntime> change) {
        ServerRuntime runtime = server.get();
        ctx.async();
        try {
            changes.execute(() -> {
                try {
                    change.accept(runtime);
                } catch (IllegalStateException e) {
                    Problems.send(ctx.response(), 409, e.getClass().getName(), e.getMessage());
                    return;
                } catch (RuntimeException e) {
                    Problems.send(ctx.response(), 502, e.getClass().getName(), "the registry refused: "
                            + e.getMessage());
                    return;
                }
                ObjectNode root = Problems.JSON.createObjectNode();
                server(root, runtime);
                ctx.response().status(200).header("content-type", "application/json")
                        .send(Problems.JSON.writeValueAsBytes(root));
            });
        } catch (RuntimeException e) {
            ctx.response().header("retry-after", "1");
            Problems.send(ctx.response(), 503, null, "the server is shutting down");
        }
    }

    private static void server(ObjectNode out, ServerRuntime runtime) {
        out.put("state", runtime.state().name());
        out.put("port", runtime.port());
        ArrayNode services = out.putArray("services");
        runtime.services().forEach(services::add);
    }

    private static void service(ObjectNode out, ServiceStatus service) {
        out.put("service", service.service());
        out.put("ready", service.ready());
        ArrayNode providers = out.putArray("providers");
        for (ProviderStatus provider : service.providers()) {
            ObjectNode entry = providers.addObject();
            entry.put("address", provider.address());
            entry.put("version", provider.version());
            entry.put("weight", provider.weight());
            entry.put("state", provider.state().name());
            entry.put("readyConnections", provider.readyConnections());
            entry.put("connections", provider.connections());
            entry.put("inFlight", provider.inFlight());
            provider.averageAnswerTime().map(Duration::toNanos)
                    .ifPresent(nanos -> entry.put("averageAnswerMillis", nanos / 1_000_000.0));
            entry.put("ejections", provider.ejections());
        }
    }

    /** Stops the thread of the changes; one under way finishes. */
    void close() {
        changes.shutdown();
    }
}
