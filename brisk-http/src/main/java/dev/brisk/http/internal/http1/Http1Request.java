package dev.brisk.http.internal.http1;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.WebSocketEndpoint;
import dev.brisk.http.WebSocketOptions;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.AbstractServerRequest;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.websocket.WebSocketHandshake;
import dev.brisk.http.internal.websocket.WebSocketStart;
import dev.brisk.http.internal.websocket.WebSocketUpgrade;

import java.util.Map;

/** A request received over HTTP/1.0 or HTTP/1.1. */
final class Http1Request extends AbstractServerRequest {

    private final Http1Connection connection;
    private final Http1Head head;
    final Http1Response response;
    boolean dispatched;

    Http1Request(ServerContext server, Http1Connection connection, Http1Head head, boolean keepAlive) {
        super(server, connection.channel(), connection, head.method, head.uri, head.headers);
        this.connection = connection;
        this.head = head;
        this.response = new Http1Response(connection, this, keepAlive);
    }

    Http1Head head() {
        return head;
    }

    @Override
    public Protocol protocol() {
        return head.http10 ? Protocol.HTTP_1_0 : Protocol.HTTP_1_1;
    }

    @Override
    public long contentLength() {
        return head.contentLength;
    }

    @Override
    public ServerResponse response() {
        return response;
    }

    // ---- WebSocket ----------------------------------------------------------------------------------------------

    @Override
    public boolean upgradeToWebSocket(WebSocketEndpoint endpoint, WebSocketOptions options,
                                      Map<String, String> pathParams) {
        WebSocketHandshake.Accepted accepted = WebSocketUpgrade.negotiate(this, endpoint, options, pathParams);
        if (accepted == null) {
            return false;
        }
        if (!acceptsWebSocket()) {
            return super.upgradeToWebSocket(endpoint, options, pathParams);
        }
        startWebSocket(WebSocketUpgrade.accept(this, response, accepted, endpoint, options, pathParams));
        return true;
    }

    /** Whether this request's connection can switch to WebSocket (HTTP/1.1, no body, {@code Upgrade} announced). */
    private boolean acceptsWebSocket() {
        return !head.http10 && !head.hasBody() && head.upgradeWebSocket;
    }

    /** Sends the prepared {@code 101} and switches the connection once it is written. */
    private void startWebSocket(WebSocketStart start) {
        if (!channel.eventLoop().inEventLoop()) {
            channel.eventLoop().execute(() -> startWebSocket(start));
            return;
        }
        if (server.draining()) {
            response.clearHeaders();
            response.status(503).header("retry-after", "1").send("server shutting down");
            return;
        }
        response.keepAlive = true;
        response.webSocket = start;
        response.send();
    }


}
