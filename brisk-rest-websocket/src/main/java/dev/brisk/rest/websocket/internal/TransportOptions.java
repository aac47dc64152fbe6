package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketOptions;
import dev.brisk.rest.websocket.ServerEndpointDefaults;

/**
 * The transport's {@link WebSocketOptions} of a {@code @ServerEndpoint}: the defaults' options with the endpoint's
 * message limit, frames bounded by that limit only (Jakarta endpoints know no frame limit), and callbacks on
 * {@link CallbackThreads} unless the defaults name an executor.
 */
final class TransportOptions {

    private TransportOptions() {
    }

    /** The options of an endpoint whose largest message is {@code maxMessageSize}, from {@code defaults}. */
    static WebSocketOptions of(ServerEndpointDefaults defaults, long maxMessageSize) {
        if (maxMessageSize < 1 || maxMessageSize > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("maxMessageSize must be within [1, " + Integer.MAX_VALUE + "]: "
                    + maxMessageSize);
        }
        WebSocketOptions options = defaults.options();
        return options.toBuilder().maxFrameSize((int) maxMessageSize).maxMessageSize(maxMessageSize)
                .executor(options.executor().orElseGet(CallbackThreads::executor)).build();
    }
}
