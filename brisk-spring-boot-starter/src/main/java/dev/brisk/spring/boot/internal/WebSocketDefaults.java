package dev.brisk.spring.boot.internal;

import dev.brisk.http.WebSocketOptions;
import dev.brisk.rest.websocket.ServerEndpointDefaults;
import org.springframework.boot.context.properties.bind.Binder;

import java.util.Map;

/**
 * {@code brisk.websocket.*} bound onto {@link ServerEndpointDefaults.Builder} and the {@link WebSocketOptions.Builder}
 * it holds ({@code max-queued} is {@code maxQueuedBytes}); only loaded when brisk-rest-websocket is present. An
 * invalid value fails start-up with a message naming the property.
 */
public final class WebSocketDefaults {

    private static final String PREFIX = "brisk.websocket";

    /**
     * The {@link WebSocketOptions} of {@code options(..)} sit beside the send timeouts; those that do not apply to
     * annotated endpoints (each names its own subprotocols, messages arrive whole, a frame is a message at most) are
     * no properties.
     */
    private static final OptionsBinder OPTIONS = OptionsBinder.of(ServerEndpointDefaults.Builder.class)
            .rename("options", "")
            .group("options", OptionsBinder.of(WebSocketOptions.Builder.class)
                    .rename("maxQueuedBytes", "max-queued")
                    .setElsewhere("maxFrameSize", "brisk.websocket.max-message-size")
                    .setElsewhere("aggregate", "the @OnMessage method (annotated endpoints get whole messages)")
                    .setElsewhere("subprotocols", "each endpoint's @ServerEndpoint(subprotocols)"));

    private WebSocketDefaults() {
    }

    public static ServerEndpointDefaults of(Binder binder) {
        return OPTIONS.build(binder, PREFIX, ServerEndpointDefaults.builder(), ServerEndpointDefaults.Builder::build);
    }

    /** Every property, with the type its metadata gives. */
    public static Map<String, String> properties() {
        return OPTIONS.properties(PREFIX);
    }
}
