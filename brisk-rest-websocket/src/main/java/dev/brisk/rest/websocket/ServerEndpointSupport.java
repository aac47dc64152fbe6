package dev.brisk.rest.websocket;

import dev.brisk.rest.Route;
import dev.brisk.rest.spi.ControllerSupport;
import dev.brisk.rest.websocket.internal.EndpointConnection;
import dev.brisk.rest.websocket.internal.EndpointModel;
import jakarta.websocket.server.ServerEndpoint;
import java.util.List;

/**
 * Serves classes annotated with Jakarta WebSocket's {@link ServerEndpoint}, registered like any controller:
 *
 * <pre>{@code
 * @ServerEndpoint("/chat/{room}")
 * public class ChatEndpoint {
 *     @OnMessage
 *     public String onMessage(String text, @PathParam("room") String room) {
 *         return room + ": " + text;
 *     }
 * }
 *
 * Brisk.server().controllers(new ChatEndpoint()).start();
 * }</pre>
 *
 * <p>As in a Jakarta container, each connection gets an instance of its own, made with the class's public no-argument
 * constructor (a class without one shares the registered instance). Callbacks run one at a time per connection, off
 * the event loop, so they may block. The handshake is a {@code GET} route like any other: filters run before it. Limits,
 * timeouts and threads come from the {@link ServerEndpointDefaults} registered beside the endpoints, if any.
 * What is supported and what is refused at start-up is listed in docs/websocket.md.
 */
public final class ServerEndpointSupport implements ControllerSupport {

    private ServerEndpointDefaults defaults = ServerEndpointDefaults.DEFAULT;

    @Override
    public boolean supports(Class<?> type) {
        if (type == ServerEndpointDefaults.class) {
            return true;
        }
        try {
            return type.isAnnotationPresent(ServerEndpoint.class);
        } catch (LinkageError e) {
            return false; // the Jakarta WebSocket API is not on the class path
        }
    }

    /** Takes the {@link ServerEndpointDefaults} registered, if any; two are refused. */
    @Override
    public void prepare(List<Object> controllers) {
        List<ServerEndpointDefaults> found = controllers.stream().filter(ServerEndpointDefaults.class::isInstance)
                .map(ServerEndpointDefaults.class::cast).toList();
        if (found.size() > 1) {
            throw new IllegalArgumentException("ServerEndpointDefaults registered " + found.size()
                    + " times: register one");
        }
        if (!found.isEmpty()) {
            defaults = found.get(0);
        }
    }

    @Override
    public List<Route> routes(Object controller) {
        if (controller instanceof ServerEndpointDefaults) {
            return List.of();
        }
        EndpointModel model = EndpointModel.of(controller, defaults);
        return List.of(Route.get(model.path()).handler(ctx -> {
            ctx.async();
            ctx.request().upgradeToWebSocket(new EndpointConnection(model, ctx.request()), model.options(),
                    ctx.pathParams());
        }));
    }
}
