/** Serves Jakarta WebSocket {@code @ServerEndpoint} classes on Brisk. */
module dev.brisk.rest.websocket {
    requires transitive dev.brisk.rest;
    requires transitive jakarta.websocket;
    requires transitive jakarta.websocket.client;

    exports dev.brisk.rest.websocket;

    provides dev.brisk.rest.spi.ControllerSupport with dev.brisk.rest.websocket.ServerEndpointSupport;
}
