package dev.brisk.http.internal.http1;

import dev.brisk.http.ServerResponse;
import dev.brisk.http.common.Protocol;
import dev.brisk.http.internal.AbstractServerRequest;
import dev.brisk.http.internal.ServerContext;
import dev.brisk.http.internal.websocket.WebSocketStart;

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

    @Override
    protected boolean acceptsWebSocket() {
        return !head.http10 && !head.hasBody() && head.upgradeWebSocket;
    }

    @Override
    protected void startWebSocket(WebSocketStart start) {
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
