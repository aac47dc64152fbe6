package dev.brisk.spring.boot.internal;

import dev.brisk.rest.websocket.ServerEndpointDefaults;
import org.springframework.boot.context.properties.bind.Binder;

import java.util.Map;

/**
 * {@code brisk.websocket.*} bound onto {@link ServerEndpointDefaults.Builder} ({@code max-queued} is
 * {@code maxQueuedBytes}); only loaded when brisk-rest-websocket is present. An invalid value fails start-up with a
 * message naming the property.
 */
public final class WebSocketDefaults {

    private static final String PREFIX = "brisk.websocket";

    private static final OptionsBinder OPTIONS = OptionsBinder.of(ServerEndpointDefaults.Builder.class)
            .rename("maxQueuedBytes", "max-queued");

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
