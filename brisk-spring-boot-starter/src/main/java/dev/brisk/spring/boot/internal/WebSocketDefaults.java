package dev.brisk.spring.boot.internal;

import dev.brisk.rest.websocket.ServerEndpointDefaults;
import dev.brisk.spring.boot.BriskWebSocketProperties;

/**
 * Turns {@code brisk.websocket.*} into {@link ServerEndpointDefaults}; only loaded when brisk-rest-websocket is
 * present. An invalid value fails start-up with a message naming the property.
 */
public final class WebSocketDefaults {

    private WebSocketDefaults() {
    }

    public static ServerEndpointDefaults of(BriskWebSocketProperties settings) {
        try {
            return ServerEndpointDefaults.builder()
                    .options(o -> o.maxMessageSize(settings.getMaxMessageSize().toBytes())
                            .idleTimeout(settings.getIdleTimeout())
                            .pingInterval(settings.getPingInterval())
                            .closeTimeout(settings.getCloseTimeout())
                            .maxQueuedBytes(settings.getMaxQueued().toBytes())
                            .allowedOrigins(settings.getAllowedOrigins())
                            .perMessageDeflate(settings.isPerMessageDeflate())
                            .compressionLevel(settings.getCompressionLevel()))
                    .sendTimeout(settings.getSendTimeout())
                    .asyncSendTimeout(settings.getAsyncSendTimeout())
                    .build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("invalid brisk.websocket.* setting: " + e.getMessage(), e);
        }
    }
}
