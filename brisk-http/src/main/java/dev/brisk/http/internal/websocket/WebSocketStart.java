package dev.brisk.http.internal.websocket;

import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.common.Headers;

import java.util.List;
import java.util.Map;

/**
 * What a connection needs to become a WebSocket once its {@code 101} has been written: the endpoint, its options, the
 * negotiated handshake and a copy of what the session reports about the handshake request.
 */
public record WebSocketStart(WebSocketEndpoint endpoint, WebSocketOptions options,
                             WebSocketHandshake.Accepted handshake, String uri, String path,
                             Map<String, List<String>> queryParams, Headers headers,
                             Map<String, String> pathParams) {
}
