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
 * the event loop, so they may block. The handshake is a {@code GET} route like any other: filters run before it.
 * What is supported and what is refused at start-up is listed in docs/websocket.md.
 */
public final class ServerEndpointSupport implements ControllerSupport {

    @Override
    public boolean supports(Class<?> type) {
        try {
            return type.isAnnotationPresent(ServerEndpoint.class);
        } catch (LinkageError e) {
            return false; // the Jakarta WebSocket API is not on the class path
        }
    }

    @Override
    public List<Route> routes(Object controller) {
        EndpointModel model = EndpointModel.of(controller);
        return List.of(Route.get(model.path()).handler(ctx -> {
            ctx.async();
            ctx.request().upgradeToWebSocket(new EndpointConnection(model, ctx.request()), model.options(),
                    ctx.pathParams());
        }));
    }
}
