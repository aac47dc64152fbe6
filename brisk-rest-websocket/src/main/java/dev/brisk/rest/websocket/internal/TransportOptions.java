package dev.brisk.rest.websocket.internal;

import dev.brisk.http.WebSocketOptions;
import dev.brisk.rest.websocket.ServerEndpointDefaults;

import java.time.Duration;
import java.util.List;

/**
 * The transport's {@link WebSocketOptions} of a {@code @ServerEndpoint}: whole messages, and frames bounded by the
 * message limit only, since Jakarta endpoints know no frame limit.
 */
public final class TransportOptions {

    private TransportOptions() {
    }

    /** The options of an endpoint whose largest message is {@code maxMessageSize}, from {@code defaults}. */
    static WebSocketOptions of(ServerEndpointDefaults defaults, long maxMessageSize) {
        return of(maxMessageSize, defaults.idleTimeout(), defaults.pingInterval(), defaults.closeTimeout(),
                defaults.maxQueuedBytes(), defaults.allowedOrigins(), defaults.perMessageDeflate(),
                defaults.compressionLevel())
                .executor(defaults.executor().orElseGet(CallbackThreads::executor)).build();
    }

    /** A builder of these settings, validated by its {@code build()}. */
    public static WebSocketOptions.Builder of(long maxMessageSize, Duration idleTimeout, Duration pingInterval,
                                              Duration closeTimeout, long maxQueuedBytes, List<String> allowedOrigins,
                                              boolean perMessageDeflate, int compressionLevel) {
        if (maxMessageSize < 1 || maxMessageSize > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("maxMessageSize must be within [1, " + Integer.MAX_VALUE + "]: "
                    + maxMessageSize);
        }
        return WebSocketOptions.builder().maxFrameSize((int) maxMessageSize).maxMessageSize(maxMessageSize)
                .idleTimeout(idleTimeout).pingInterval(pingInterval).closeTimeout(closeTimeout)
                .maxQueuedBytes(maxQueuedBytes).allowedOrigins(allowedOrigins).perMessageDeflate(perMessageDeflate)
                .compressionLevel(compressionLevel);
    }
}
