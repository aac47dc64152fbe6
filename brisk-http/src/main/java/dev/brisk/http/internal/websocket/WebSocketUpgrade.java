package dev.brisk.http.internal.websocket;

import dev.brisk.http.ServerRequest;
import dev.brisk.http.ServerResponse;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.common.Headers;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.AbstractServerResponse;

import java.util.Map;
import java.util.Objects;

/**
 * A request's answer to a WebSocket opening handshake, in the two steps every protocol shares: {@link #negotiate}
 * checks the handshake and answers a refusal, {@link #accept} prepares the {@code 101} of a valid one. Only an
 * HTTP/1.1 request goes on to switch its connection.
 */
public final class WebSocketUpgrade {

    private WebSocketUpgrade() {
    }

    /**
     * Checks the handshake of {@code request} against {@code options} ({@link WebSocketHandshake}); a refused one is
     * answered here ({@code 400}, {@code 403} or {@code 426}) and null returned.
     */
    public static WebSocketHandshake.Accepted negotiate(ServerRequest request, WebSocketEndpoint endpoint,
                                                        WebSocketOptions options, Map<String, String> pathParams) {
        Objects.requireNonNull(endpoint, "endpoint must not be null");
        Objects.requireNonNull(options, "options must not be null");
        Objects.requireNonNull(pathParams, "pathParams must not be null");
        WebSocketHandshake.Outcome outcome = WebSocketHandshake.negotiate(request, options);
        if (outcome instanceof WebSocketHandshake.Rejected rejected) {
            ServerResponse response = request.response();
            if (rejected.upgradeRequired()) {
                response.header("sec-websocket-version", "13");
                if (request.protocol() != Protocol.HTTP_2) {
                    response.header("upgrade", "websocket");
                }
            }
            response.status(rejected.status()).send(rejected.message());
            return null;
        }
        return (WebSocketHandshake.Accepted) outcome;
    }

    /**
     * Makes {@code response} the {@code 101} that accepts {@code handshake} and returns what the connection needs to
     * switch once it is written.
     */
    public static WebSocketStart accept(ServerRequest request, AbstractServerResponse response,
                                        WebSocketHandshake.Accepted handshake, WebSocketEndpoint endpoint,
                                        WebSocketOptions options, Map<String, String> pathParams) {
        response.switchingProtocols();
        response.header("upgrade", "websocket")
                .header("sec-websocket-accept", handshake.acceptKey());
        if (handshake.subprotocol() != null) {
            response.header("sec-websocket-protocol", handshake.subprotocol());
        }
        if (handshake.extensionHeader() != null) {
            response.header("sec-websocket-extensions", handshake.extensionHeader());
        }
        return new WebSocketStart(endpoint, options, handshake, request.uri(), request.path(), request.queryParams(),
                Headers.copyOf(request.headers()), Map.copyOf(pathParams));
    }
}
